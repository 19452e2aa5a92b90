import { expect, test } from '../support';
import { readStorage } from '../personal/seed';

// Fixtures of the fake upstream (e2e/fake-upstream/fixtures.mjs): an R+ record and an Rx one.
interface AdultRecord {
  id: number;
  title: string;
  score: string;
  synopsis: string;
}
const MILD: AdultRecord = {
  id: 90106,
  title: 'Natsu no Ryou',
  score: '6.88',
  synopsis: 'Summer Dorm Days is a series',
};
const HENTAI: AdultRecord = {
  id: 90105,
  title: 'Akai Yokujou',
  score: '6.2',
  synopsis: 'Crimson Bathhouse is a series',
};
const ADULT_RECORDS = [MILD, HENTAI];

/** Anything of the record beyond the gated stub: its cover, score or synopsis. */
function leaks(text: string, record: AdultRecord): string[] {
  return [
    `/images/cover/${record.id}`,
    `"score":${record.score}`,
    `\\"score\\":${record.score}`,
    record.synopsis,
  ].filter((needle) => text.includes(needle));
}

test.describe('the edit page of an adult record, for an anonymous visitor', () => {
  for (const record of ADULT_RECORDS) {
    test(`${record.id}: the HTML and the flight data hold the gated stub only`, async ({ request }) => {
      const html = await request.get(`/anime/${record.id}/edit`);
      expect(html.status()).toBe(200);
      const body = await html.text();
      expect(body).toContain(record.title);
      expect(leaks(body, record)).toEqual([]);

      // What a client-side navigation to the page downloads.
      const flight = await request.get(`/anime/${record.id}/edit`, { headers: { RSC: '1' } });
      expect(flight.status()).toBe(200);
      const data = await flight.text();
      expect(data).toContain(record.title);
      expect(leaks(data, record)).toEqual([]);
    });
  }

  test('a rating saved there keeps no cover, and the ratings page shows none', async ({ page }) => {
    const record = MILD;
    await page.goto(`/anime/${record.id}/edit`);
    await expect(page.getByTestId('edit-anime-title')).toHaveText(record.title);
    await expect(page.getByTestId('edit-compact-detail').locator('img')).toHaveCount(0);
    const form = page.getByTestId('rating-form');
    await form.getByRole('radio', { name: '4 estrelas' }).check({ force: true });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('rating-status')).toHaveText('Avaliação salva com sucesso!');

    const stored = Object.values(await readStorage(page)).join('\n');
    expect(stored).toContain(record.title);
    expect(leaks(stored, record)).toEqual([]);

    await page.goto('/my-ratings');
    const card = page.locator(`[data-testid="rated-entry"][data-anime-id="${record.id}"]`);
    await expect(card).toContainText(record.title);
    await expect(
      card.locator(`img[src*="cover%2F${record.id}"], img[src*="cover/${record.id}"]`),
    ).toHaveCount(0);
  });
});

import { expect, test, useLanguage } from '../support';
import { readStorage } from '../personal/seed';

/** Every kind of invisible character: zero-width, joiners, word joiner, bidi marks, a tag run. */
const INVISIBLE = '\u200b\u200c\u200d\u2060\u061c\u202e\u{e0001}\u{e0065}\u{e0076}\u{e007f}\u00ad';
const INVISIBLE_CHARACTER = /[\p{Cf}\u{e0000}-\u{e007f}]/u;
const URL_TEXT = 'visit https://evil.example/login now';

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
}

const reviewUrl = (id: number, params: Record<string, string>) =>
  `/anime/${id}/review?${new URLSearchParams(params).toString()}`;

test.describe('review text is shown as written, and as a fan’s words', () => {
  test('the review page drops invisible characters and quotes a URL as plain text', async ({ page }) => {
    const opinion = `vi${INVISIBLE}sit https://evil.example/login${INVISIBLE} now`;
    const response = await page.goto(reviewUrl(1, { s: '4', o: opinion }));
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).not.toMatch(INVISIBLE_CHARACTER);

    const quote = page.getByTestId('review-quote');
    await expect(quote.getByTestId('review-opinion')).toHaveText(URL_TEXT);
    await expect(quote).toContainText(`“${URL_TEXT}”`);
    await expect(quote).toContainText('— opinião de um fã');
    // Text, never a link.
    await expect(page.locator('a[href*="evil.example"]')).toHaveCount(0);

    // Title and description repeat it quoted and attributed, never as the site's own words.
    const description = `“${URL_TEXT}” — opinião de um fã`;
    expect(meta(html, 'name', 'description')).toBe(description);
    expect(meta(html, 'property', 'og:description')).toBe(description);
    expect(meta(html, 'name', 'twitter:description')).toBe(description);
    await expect(page).toHaveTitle('Avaliação de Cowboy Bebop: 4/5 · Anime Master');

    // The card image is drawn from the same cleaned text (its address carries it).
    const image = meta(html, 'property', 'og:image');
    expect(image).toBeDefined();
    const card = await page.request.get(new URL(image!).pathname);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
  });

  test('in English, the attribution is translated', async ({ page }) => {
    await useLanguage(page, 'en');
    const response = await page.goto(reviewUrl(1, { s: '5', o: URL_TEXT }));
    await expect(page.getByTestId('review-quote')).toContainText('— a fan’s opinion');
    expect(meta(await response!.text(), 'property', 'og:description')).toBe(
      `“${URL_TEXT}” — a fan’s opinion`,
    );
  });

  test('the rating form keeps no invisible character in what it saves', async ({ page }) => {
    await page.goto('/anime/121');
    const block = page.getByTestId('rating-block');
    await block
      .getByRole('radiogroup', { name: 'Sua nota' })
      .getByRole('radio', { name: '5 estrelas' })
      .check({ force: true });
    const box = block.getByRole('textbox', { name: 'Sua opinião' });
    await box.fill(`Ir${INVISIBLE}mãos\u200b Elric`);
    await expect(box).toHaveValue('Irmãos Elric');
    await block.getByRole('button', { name: 'Salvar' }).click();
    await expect(block.getByTestId('rating-status')).toHaveText('Avaliação salva com sucesso!');
    const stored = JSON.parse((await readStorage(page))['animeRating_121'] ?? '{}') as { opinion?: string };
    expect(stored.opinion).toBe('Irmãos Elric');
  });
});

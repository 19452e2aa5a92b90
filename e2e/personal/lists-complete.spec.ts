import type { APIRequestContext, Page } from '@playwright/test';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, test } from '../support';

/**
 * 'Animes parecidos' and 'Para você' on a freshly started server with the production budgets:
 * the limiter's 1.2 s gap, 12 misses per client (burst and per minute), 30 page misses. A
 * recommended anime the server has no record of is withheld from visitors, counted, and learnt
 * in the background (one record per request, when the limiter has room), so the lists complete
 * over a few visits, and nothing adult ever shows to a visitor. Then the detail page read without
 * JavaScript: whatever the server holds is in its HTML, and no 'Carregando...' stays.
 */

const EVANGELION = 30;
const ONE_PIECE = 21;
const SWORD_ART_ONLINE = 11757;
const NARUTO = 20;
/** The fake upstream's adult records (Rx, R+): never shown to a visitor. */
const ADULT_TITLES = /Akai Yokujou|Velvet Midnight|Natsu no Ryou|Koukaku Kidoutai/;

interface Answer {
  data: {
    items: { id: number; title: string; rating: string | null }[];
    withheld: number;
    partial?: true;
  };
}

test.describe('lists that complete themselves, under the production budgets', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: PrivateStack;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The production settings, not the suite's shortcuts (private-stack turns the page budget off).
    stack = await startPrivateStack({ JIKAN_MIN_INTERVAL_MS: '1200', PAGE_MISS_PER_MINUTE: '30' });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  /** One GET as a browser makes it, asked again when the budget refuses it, as the page does. */
  async function get(request: APIRequestContext, path: string) {
    for (;;) {
      const response = await request.get(`${stack.appUrl}${path}`);
      if (response.status() !== 429) return response;
      await new Promise((resolve) =>
        setTimeout(resolve, Number(response.headers()['retry-after'] ?? 5) * 1000),
      );
    }
  }

  async function expectNothingAdult(page: Page) {
    await expect(page.locator('main')).not.toContainText(ADULT_TITLES);
  }

  test('/anime/30: FLCL and Darling in the FranXX are checked, counted, then shown within a few visits', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // The server has never fetched either record: both withheld, counted, the answer partial and
    // kept by a shared cache for a second at most.
    const first = await get(page.request, `/api/anime/${EVANGELION}/recommendations`);
    const answer = (await first.json()) as Answer;
    expect(answer.data).toMatchObject({ items: [], withheld: 2, partial: true });
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1');

    await page.goto(`${stack.appUrl}/anime/${EVANGELION}`);
    const section = page.getByRole('region', { name: 'Animes parecidos' });
    // Visits, as a fan reloads: the list grows as the records are learnt, with no one opening them.
    await expect(async () => {
      await page.reload();
      await expect(section.getByTestId('anime-card').filter({ hasText: 'FLCL' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(
        section.getByTestId('anime-card').filter({ hasText: 'Darling in the FranXX' }),
      ).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 120_000 });
    await expect(section.getByTestId('withheld-notice')).toHaveCount(0);
    await expectNothingAdult(page);

    // Whole now: shared like any list.
    const whole = await get(page.request, `/api/anime/${EVANGELION}/recommendations`);
    expect(((await whole.json()) as Answer).data.partial).toBeUndefined();
    expect(whole.headers()['cache-control']).toContain('s-maxage=600');
  });

  test("'Para você' for ten ratings without snapshots: reasons name the titles, no 429 is shown", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 429) refused.push(response.url());
    });
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: stack.appUrl }]);
    // Ratings as a restored JSON backup leaves them: stars only, no copy of any anime.
    const rated = [EVANGELION, ONE_PIECE, 44511, 269, NARUTO, 1535, 121, 5114, 16498, 1];
    await page.goto(`${stack.appUrl}/not-a-page-seed`);
    await page.evaluate((ids) => {
      for (const id of ids)
        localStorage.setItem(`animeRating_${id}`, JSON.stringify({ rating: 5, opinion: '' }));
    }, rated);
    await page.goto(`${stack.appUrl}/for-you`);
    await expect(page.getByRole('heading', { level: 1, name: 'For you' })).toBeVisible();

    const suggestion = (title: string) => page.getByTestId('suggestion').filter({ hasText: title });
    await expect(async () => {
      await page.reload();
      // Every seed asked (those the budget refused, asked again when it refilled)…
      await expect(page.getByTestId('for-you-gathering')).toHaveCount(0, { timeout: 90_000 });
      await expect(page.getByTestId('withheld-notice')).toHaveCount(0, { timeout: 1000 });
      // …and each reason names its seed, from the server's record of it.
      await expect(suggestion('FLCL').getByTestId('suggestion-reason')).toHaveText(
        'Because you rated Neon Genesis Evangelion 5 stars',
        { timeout: 1000 },
      );
      // The seeds' records are learnt one per request: a few visits name them all.
      await expect(suggestion('Hunter x Hunter').getByTestId('suggestion-reason')).toHaveText(
        'Because you rated One Piece 5 stars',
        { timeout: 1000 },
      );
      await expect(suggestion('Jujutsu Kaisen').getByTestId('suggestion-reason')).toHaveText(
        'Because you rated Chainsaw Man 5 stars',
        { timeout: 1000 },
      );
    }).toPass({ timeout: 240_000 });
    await expect(suggestion('DARLING in the FRANXX')).toBeVisible();
    await expect(page.getByTestId('suggestion-reason').filter({ hasText: /N\/A|Anime #/ })).toHaveCount(0);
    // The budget may have refused some asks: they were asked again, and the fan saw none of it.
    await expect(page.getByTestId('for-you-outage')).toHaveCount(0);
    await expectNothingAdult(page);
    test.info().annotations.push({ type: 'refused asks', description: String(refused.length) });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('/anime/11757 shows its cast, /anime/20 its relations; no "Carregando..." stays', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      // What the server holds, as earlier visitors' browsers made it learn: SAO's cast, and
      // Naruto's franchise (one new record per request).
      expect((await get(page.request, `/api/anime/${SWORD_ART_ONLINE}/cast`)).status()).toBe(200);
      await expect
        .poll(
          async () =>
            (
              (await (await get(page.request, `/api/anime/${NARUTO}/franchise`)).json()) as {
                data: { complete: boolean };
              }
            ).data.complete,
          { timeout: 180_000, intervals: [1500] },
        )
        .toBe(true);

      await page.goto(`${stack.appUrl}/anime/${SWORD_ART_ONLINE}`);
      const cast = page.getByRole('region', { name: 'Personagens e dubladores' });
      await expect(cast.getByTestId('character').first()).toContainText('Kirigaya, Kazuto');
      await expect(cast.getByTestId('voice-actor').first()).toContainText('Matsuoka, Yoshitsugu');
      await expect(page.getByText('Carregando...')).toHaveCount(0);
      // Nothing is held of its fans' recommendations: a plain link stands in for the list.
      await expect(
        page
          .getByRole('region', { name: 'Animes parecidos' })
          .getByRole('link', { name: 'Ver as recomendações no MyAnimeList' }),
      ).toHaveAttribute('href', `https://myanimelist.net/anime/${SWORD_ART_ONLINE}/_/userrecs`);

      await page.goto(`${stack.appUrl}/anime/${NARUTO}`);
      const relations = page.getByRole('region', { name: 'Títulos relacionados' });
      await expect(relations.getByTestId('relation-sequel')).toContainText('Naruto: Shippuuden');
      await expect(relations.getByTestId('relation-sideStory')).toContainText('Naruto Movie 1');
      const franchise = page.getByRole('region', { name: 'A franquia em ordem' });
      await expect(franchise.getByTestId('franchise-list').getByRole('listitem').first()).toContainText(
        'Naruto',
      );
      await expect(franchise.getByTestId('franchise-list')).toContainText('Boruto');
      await expect(page.getByText('Carregando...')).toHaveCount(0);
      // Its recommendations were asked for by the fan above ('Para você'): held, in the HTML.
      await expect(page.getByRole('region', { name: 'Animes parecidos' })).toContainText(
        'Os fãs ainda não recomendaram animes parecidos com este.',
      );
      await expectNothingAdult(page);
    });
  });
});

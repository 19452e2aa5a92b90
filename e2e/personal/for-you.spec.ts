import type { Page } from '@playwright/test';
import { createGoogleUser } from '../auth-emulator/client';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { startPrivateStack, visitorAddress, type PrivateStack } from '../discovery/private-stack';
import { device, expectSynced, serverEntries, signIn, signOut, uniqueUser } from '../library/helpers';
import { expect, test } from '../support';
import { readStorage, snapshot } from './seed';

/**
 * 'Animes parecidos' and 'Para você' against the fake upstream's recorded recommendation pairs
 * (e2e/fake-upstream: Chainsaw Man ↔ Jujutsu Kaisen (2 votes) and One Punch Man, One Piece ↔
 * Hunter x Hunter (2011), Bleach ↔ Kimetsu no Yaiba). A private stack: what the server knows of
 * each recommended anime (its record, hence its age rating) starts empty and grows only as the
 * tests fetch records, so the adult gate's fail-closed answer is reproducible. Serial: later tests
 * build on what earlier ones made the server learn. The app verifies sign-ins on the Auth emulator
 * (a signed-in fan's dismissals sync through the library; a verified adult passes the adult gate).
 */

const CHAINSAW_MAN = 44511;
const JUJUTSU_KAISEN = 40748;
const ONE_PIECE = 21;
const HUNTER_X_HUNTER = 11061;
const BLEACH = 269;
const NARUTO = 20;
const DEATH_NOTE = 1535;
const KIMETSU_NO_YAIBA = 38000;

interface Answer {
  data: { items: { id: number; votes: number }[]; withheld: number; stale?: { fetchedAt: string } };
}

test.describe('recommendations', () => {
  test.describe.configure({ mode: 'serial' });
  // Each test is a fan of its own: its address, as the trusted proxy writes it.
  test.use({
    extraHTTPHeaders: async ({}, provide) => {
      await provide({ 'X-Forwarded-For': visitorAddress() });
    },
  });
  // The first answer of a cold server on a busy machine takes a while.
  const slow = { timeout: 30_000 };
  let stack: PrivateStack;
  let kimetsuFault = '';

  test.beforeAll(async () => {
    // A whole stack of its own starts slowly on a busy machine.
    test.setTimeout(240_000);
    // The default budgets, behind one trusted hop as with the shipped nginx: each test is a fan of
    // its own (test.use below), asking many first-time questions as a new visitor does.
    stack = await startPrivateStack({
      JIKAN_MIN_INTERVAL_MS: '0',
      TRUSTED_PROXY_HOPS: '1',
      ...authServerEnv(),
    });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  /** localStorage as a fan's earlier visits left it, then `path`. */
  async function seed(page: Page, entries: Record<string, unknown>, path: string) {
    await page.goto(`${stack.appUrl}/not-a-page-seed`);
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
    }, entries);
    await page.goto(`${stack.appUrl}${path}`);
  }

  function ratings(list: [id: number, stars: number, title: string][]) {
    const entries: Record<string, unknown> = {};
    const storage: Record<string, unknown> = {};
    list.forEach(([id, stars, title], index) => {
      storage[`animeRating_${id}`] = { rating: stars, opinion: '' };
      entries[id] = { snapshot: snapshot(title), ratedAt: `2026-11-2${index}T10:00:00.000Z` };
    });
    return { ...storage, 'anime-master-rating-entries': entries };
  }

  /**
   * Keeps the browser from prefetching other pages (Next prefetches the links in view, and the
   * server rendering Explore learns the age ratings of its twenty titles): the server then knows
   * only what a test makes it fetch.
   */
  async function blockPrefetch(page: Page) {
    await page.route('**/*', (route) =>
      route.request().headers()['next-router-prefetch'] ? route.abort() : route.continue(),
    );
  }

  /** Signed in on a page holding a visitor's ratings: the device's data joins the account. */
  async function signInJoining(page: Page, name: string, ratingsCount: number) {
    const fan = uniqueUser(name);
    await createGoogleUser(fan);
    await signIn(page, fan);
    const question = page.getByRole('alertdialog', {
      name: `Juntar ${ratingsCount} ${ratingsCount === 1 ? 'avaliação' : 'avaliações'} e 0 itens de listas deste aparelho à sua conta?`,
    });
    await question.getByRole('button', { name: 'Juntar à minha conta' }).click();
    await expect(page.getByRole('banner').getByText(fan.name)).toBeVisible();
    return fan;
  }

  /** Makes the server fetch (and keep) the records of `ids`, as visits to their pages would. */
  async function learn(page: Page, ids: number[]) {
    for (const id of ids)
      expect((await page.request.get(`${stack.appUrl}/api/anime/${id}`)).status()).toBe(200);
  }

  /** Waits until the server's answer for `id` shows `expected` to a visitor (records are written after the answer). */
  async function shownToVisitor(page: Page, id: number, expected: number[]) {
    await expect
      .poll(async () => {
        const answer = (await (
          await page.request.get(`${stack.appUrl}/api/anime/${id}/recommendations`)
        ).json()) as Answer;
        return answer.data.items.map((item) => item.id);
      }, slow)
      .toEqual(expected);
  }

  test('a visitor never sees a suggestion whose age rating the server does not know; it is counted', async ({
    page,
  }) => {
    await blockPrefetch(page);
    // Kimetsu no Yaiba, recommended beside Bleach, was never fetched, and its record cannot be had
    // now (the server tries to learn it in the background): its age rating stays unknown.
    kimetsuFault = await stack.fake.setFault({
      service: 'jikan',
      mode: '500',
      match: `/anime/${KIMETSU_NO_YAIBA}`,
    });
    await seed(page, ratings([[BLEACH, 5, 'Bleach']]), '/for-you');
    await expect(page.getByRole('heading', { level: 1, name: 'Para você' })).toBeVisible();
    await expect(page.getByTestId('withheld-notice')).toContainText(
      '1 sugestão ainda sendo verificada.',
      slow,
    );
    // Not 'nothing new': one is still being checked.
    await expect(
      page.getByText('Os fãs ainda não recomendaram títulos novos a partir das suas avaliações e listas.'),
    ).toHaveCount(0);
    await expect(page.getByTestId('suggestion')).toHaveCount(0);
  });

  test('a verified adult sees the suggestion withheld from every visitor', async ({ page }) => {
    await blockPrefetch(page);
    // As the visitor of the test before: Kimetsu no Yaiba's age rating is still unknown here.
    await seed(page, ratings([[BLEACH, 5, 'Bleach']]), '/for-you');
    await expect(page.getByTestId('withheld-notice')).toContainText(
      '1 sugestão ainda sendo verificada',
      slow,
    );
    await expect(page.getByTestId('suggestion')).toHaveCount(0);

    // The same fan signs in with a Google account that says they are an adult (born 1990).
    await signInJoining(page, 'Rita Adulta', 1);
    const suggestion = page.getByTestId('suggestion').filter({ hasText: 'Kimetsu no Yaiba' });
    await expect(suggestion.getByTestId('suggestion-reason')).toHaveText(
      'Porque você avaliou Bleach com 5 estrelas',
      slow,
    );
    await expect(page.getByTestId('withheld-notice')).toHaveCount(0);
    // A visitor still never gets it.
    await shownToVisitor(page, BLEACH, []);
    await expect(suggestion.getByRole('link').first()).toHaveAttribute('href', `/anime/${KIMETSU_NO_YAIBA}`);

    // Once its record can be had, the server learns it and a visitor gets it too (R - 17+).
    await stack.fake.clearFault(kimetsuFault);
    await shownToVisitor(page, BLEACH, [KIMETSU_NO_YAIBA]);
  });

  test("the detail page shows 'Animes parecidos', most votes first, once the server knows their age ratings", async ({
    page,
  }) => {
    await blockPrefetch(page);
    await page.goto(`${stack.appUrl}/anime/${CHAINSAW_MAN}`);
    const section = page.getByRole('region', { name: 'Animes parecidos' });
    // Neither record was fetched before: the server learns them (one per request) while the page
    // asks again, and shows each once its age rating is known, without anyone opening its page.
    const cards = section.getByTestId('anime-card');
    await expect(async () => {
      await page.reload();
      await expect(cards).toHaveCount(2, { timeout: 20_000 });
    }).toPass({ timeout: 90_000 });
    await expect(cards.first()).toContainText('Jujutsu Kaisen');
    await expect(cards.first()).toContainText('2 votos');
    await expect(cards.nth(1)).toContainText('One Punch Man');
    await expect(cards.nth(1)).toContainText('1 voto');
    await expect(section.getByTestId('withheld-notice')).toHaveCount(0);
    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/anime/${JUJUTSU_KAISEN}$`));

    // One call per anime: the list is kept, and asked again it costs the anime database nothing.
    const calls = await stack.fake.calls({
      service: 'jikan',
      match: `/anime/${CHAINSAW_MAN}/recommendations`,
    });
    expect(calls).toHaveLength(1);
  });

  test("'Para você' suggests what fans recommend beside the fan's favourites, with the reason, never what is rated", async ({
    page,
  }) => {
    await learn(page, [HUNTER_X_HUNTER]);
    await shownToVisitor(page, ONE_PIECE, [HUNTER_X_HUNTER]);
    await seed(
      page,
      ratings([
        [CHAINSAW_MAN, 5, 'Chainsaw Man'],
        [ONE_PIECE, 4, 'One Piece'],
        [JUJUTSU_KAISEN, 2, 'Jujutsu Kaisen'],
      ]),
      '/for-you',
    );
    const suggestions = page.getByTestId('suggestion');
    await expect(suggestions).toHaveCount(2, slow);
    await expect(suggestions.first()).toContainText('One Punch Man');
    await expect(suggestions.first().getByTestId('suggestion-reason')).toHaveText(
      'Porque você avaliou Chainsaw Man com 5 estrelas',
    );
    await expect(suggestions.nth(1)).toContainText('Hunter x Hunter (2011)');
    await expect(suggestions.nth(1).getByTestId('suggestion-reason')).toHaveText(
      'Porque você avaliou One Piece com 4 estrelas',
    );
    // Jujutsu Kaisen is recommended beside Chainsaw Man, but the fan rated it.
    await expect(page.getByText('Jujutsu Kaisen', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('for-you-gathering')).toHaveCount(0);

    // The home page gets the same suggestions above the other carousels.
    await page.goto(`${stack.appUrl}/`);
    const row = page.getByTestId('for-you-carousel');
    await expect(row.getByRole('region', { name: 'Para você' })).toBeVisible(slow);
    await expect(row.getByTestId('suggestion').first()).toContainText('One Punch Man');
    const order = await page
      .getByRole('heading', { level: 2 })
      .evaluateAll((headings) => headings.map((heading) => heading.textContent));
    expect(order.indexOf('Para você')).toBeLessThan(order.indexOf('Animes da Temporada Atual'));
    await row.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(/\/for-you$/);
  });

  test("'Não tenho interesse' hides a suggestion for good; the toast's undo brings it back", async ({
    page,
  }) => {
    await seed(page, ratings([[CHAINSAW_MAN, 5, 'Chainsaw Man']]), '/for-you');
    const dismiss = page.getByRole('button', { name: 'Não tenho interesse em Jujutsu Kaisen' });
    await expect(dismiss).toBeVisible(slow);
    await dismiss.click();
    await expect(page.getByTestId('suggestion').filter({ hasText: 'Jujutsu Kaisen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect(page.getByTestId('suggestion').filter({ hasText: 'Jujutsu Kaisen' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Não tenho interesse em Jujutsu Kaisen' }).click();
    // The first toast, closed by its 'Desfazer', may still be fading out beside the new one.
    await expect(page.getByText('Jujutsu Kaisen não será mais sugerido.').last()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('suggestion')).toHaveCount(1, slow);
    await expect(page.getByTestId('suggestion').first()).toContainText('One Punch Man');
    const stored = JSON.parse((await readStorage(page))['anime-master-dismissed-suggestions'] ?? '{}') as {
      state: { dismissed: Record<string, string> };
    };
    expect(Object.keys(stored.state.dismissed)).toEqual([String(JUJUTSU_KAISEN)]);
  });

  test('a dismissal made signed in is gone from the account’s other device too, and leaves with its data', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const laptop = await browser.newContext({ baseURL: stack.appUrl });
    const a = await laptop.newPage();
    await seed(a, ratings([[CHAINSAW_MAN, 5, 'Chainsaw Man']]), '/for-you');
    const fan = await signInJoining(a, 'Dani Dispensa', 1);
    await a.getByRole('button', { name: 'Não tenho interesse em Jujutsu Kaisen' }).click(slow);
    await expect(a.getByText('Jujutsu Kaisen não será mais sugerido.')).toBeVisible();
    await expectSynced(a);
    const synced = await serverEntries(fan, stack.appUrl);
    expect(
      synced.filter((entry) => entry.kind === 'dismissal' && !entry.deleted).map((entry) => entry.key),
    ).toEqual([String(JUJUTSU_KAISEN)]);

    // The fan's phone: nothing on it before signing in.
    const phone = await device(browser, fan, { baseURL: stack.appUrl });
    await expectSynced(phone.page);
    await phone.page.goto('/for-you');
    const suggestions = phone.page.getByTestId('suggestion');
    // One Punch Man comes in the same list as Jujutsu Kaisen (beside Chainsaw Man): only the
    // dismissal keeps Jujutsu Kaisen out.
    await expect(suggestions.filter({ hasText: 'One Punch Man' })).toHaveCount(1, slow);
    await expect(suggestions.filter({ hasText: 'Jujutsu Kaisen' })).toHaveCount(0);
    await phone.page.reload();
    await expect(suggestions.filter({ hasText: 'One Punch Man' })).toHaveCount(1, slow);
    await expect(suggestions.filter({ hasText: 'Jujutsu Kaisen' })).toHaveCount(0);

    // 'Remover deste aparelho' leaves none of the account's dismissals on the phone.
    await signOut(phone.page, 'Remover deste aparelho');
    const left = JSON.parse(
      (await readStorage(phone.page))['anime-master-dismissed-suggestions'] ?? '{}',
    ) as {
      state?: { dismissed: Record<string, string> };
    };
    expect(left.state?.dismissed ?? {}).toEqual({});
    await phone.page.goto('/for-you');
    await expect(phone.page.getByText('Ainda não há sugestões para você')).toBeVisible(slow);
    await Promise.all([laptop.close(), phone.context.close()]);
  });

  test("a completed season offers its sequel: 'Continuação de Naruto'", async ({ page }) => {
    await seed(
      page,
      {
        completedList: [NARUTO],
        'anime-master-list-entries': {
          [NARUTO]: {
            snapshot: snapshot('Naruto'),
            progress: 220,
            startedAt: null,
            finishedAt: '2026-11-01',
          },
        },
      },
      '/for-you',
    );
    const sequel = page.getByTestId('suggestion').filter({ hasText: 'Naruto: Shippuuden' });
    await expect(sequel.getByTestId('suggestion-reason')).toHaveText('Continuação de Naruto', slow);
    await expect(page.getByTestId('suggestion').first()).toContainText('Naruto: Shippuuden');
  });

  test('with nothing rated or listed, the page invites to rate or import; the home page has no row', async ({
    page,
  }) => {
    await page.goto(`${stack.appUrl}/`);
    await expect(page.getByText('Você ainda não avaliou nenhum anime com 4 ou 5 estrelas.')).toBeVisible(
      slow,
    );
    await expect(page.getByTestId('for-you-carousel')).toHaveCount(0);
    await page.goto(`${stack.appUrl}/for-you`);
    await expect(page.getByText('Ainda não há sugestões para você')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Ainda não há sugestões para você')).toBeVisible(slow);
    await expect(main.getByRole('link', { name: 'Explorar animes' })).toHaveAttribute('href', '/explore');
    await expect(main.getByRole('link', { name: 'Importar lista ou backup' })).toHaveAttribute(
      'href',
      '/settings?tab=data',
    );
  });

  test('reached from the header and from the mobile menu', async ({ page }) => {
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Para você' }).click();
    await expect(page).toHaveURL(/\/for-you$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Para você' }).click();
    await expect(page).toHaveURL(/\/for-you$/);
  });

  test('during a 504 outage: the kept list, marked with its date; never fetched, a message and a retry', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // A new process (its hot cache empty) that believes nothing kept is fresh: the database is asked.
    await stack.restartApp({
      JIKAN_MIN_INTERVAL_MS: '0',
      TRUSTED_PROXY_HOPS: '1',
      CACHE_TTL_MS: '1',
      ...authServerEnv(),
    });
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '504', match: '/recommendations' });
    await page.goto(`${stack.appUrl}/anime/${CHAINSAW_MAN}`);
    const section = page.getByRole('region', { name: 'Animes parecidos' });
    await expect(section.getByTestId('similar-stale')).toContainText('Recomendações guardadas em', slow);
    await expect(section.getByTestId('anime-card').first()).toContainText('Jujutsu Kaisen');

    // Death Note's recommendations were never fetched: said at once, with a retry that works later.
    await page.goto(`${stack.appUrl}/anime/${DEATH_NOTE}`);
    const deathNote = page.getByRole('region', { name: 'Animes parecidos' });
    await expect(deathNote.getByText('Não foi possível carregar as recomendações agora.')).toBeVisible(slow);
    await stack.fake.clearFault(fault);
    await deathNote.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(
      deathNote.getByText('Os fãs ainda não recomendaram animes parecidos com este.'),
    ).toBeVisible();
  });
});

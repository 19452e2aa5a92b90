import type { Page } from '@playwright/test';
import { createGoogleUser } from '../auth-emulator/client';
import { device, expectSynced, uniqueUser } from '../library/helpers';
import { expect, fake, test, useLanguage } from '../support';
import { readStorage, seedStorage, snapshot } from './seed';

/**
 * Settings › Dados › AniList e Kitsu: a fan brings a public list by user name, against the fakes of
 * both trackers (e2e/fake-upstream/trackers.mjs). AniList's fake is one GraphQL endpoint, so the
 * AniList tests run one after another (a fault set for one must not meet another's call).
 */

const PERSONAL =
  /^(animeRating_|planToWatchList|watchingList|completedList|droppedList|onHoldList|anime-master-(list|rating)-entries)/;

async function personal(page: Page) {
  const all = await readStorage(page);
  return Object.fromEntries(Object.entries(all).filter(([key]) => PERSONAL.test(key)));
}

const json = (raw: string | undefined) => JSON.parse(raw ?? 'null') as unknown;

/** What the device holds before the import: a newer rating of Death Note, Naruto planned. */
const seed = {
  animeRating_1535: { rating: 2, opinion: 'Minha nota nova' },
  'anime-master-rating-entries': {
    1535: { snapshot: snapshot('Death Note', { episodes: 37 }), ratedAt: '2026-01-01T00:00:00.000Z' },
  },
  planToWatchList: [20],
  'anime-master-list-entries': {
    20: { snapshot: snapshot('Naruto', { episodes: 220 }), progress: 0, startedAt: null, finishedAt: null },
  },
};

async function askFor(page: Page, user: string, button: string) {
  await page.getByRole('textbox', { name: /Nome de usuário|User name/ }).fill(user);
  await page.getByRole('button', { name: button }).click();
}

test.describe('import from AniList', () => {
  // Each test reads a whole list, imports it and opens the pages it landed on: slow on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test("a public user's six statuses land in the right lists with progress, scores and notes", async ({
    page,
  }) => {
    await seedStorage(page, seed, '/settings?tab=data');
    const before = await personal(page);
    await askFor(page, 'ani-fan', 'Importar do AniList');

    const preview = page.getByTestId('tracker-preview');
    await expect(preview.getByRole('heading')).toHaveText('Prévia: 8 animes de ani-fan no AniList');
    await expect(preview).toContainText(
      'Assistindo: 2 · Completos: 1 · Pausados: 1 · Desistidos: 1 · Planejados: 1.',
    );
    await expect(preview).toContainText('4 com nota e 4 com anotações.');
    const merge = page.getByTestId('tracker-merge');
    await expect(merge).toContainText('1 avaliação deste aparelho é mais recente e fica.');
    await expect(merge).toContainText('1 anime deste aparelho muda de lista.');
    // Entries with no MyAnimeList id are named; the adult one only counted for a visitor.
    const leftOut = page.getByTestId('tracker-left-out');
    await expect(leftOut).toContainText('2 animes não podem ser importados (sem id do MyAnimeList):');
    await expect(leftOut.getByRole('listitem')).toHaveText([
      'Only On The Tracker',
      '1 título adulto (nome oculto)',
    ]);
    await expect(page.getByText('Secret Adult Title')).toHaveCount(0);
    // Nothing changes before the fan confirms.
    expect(await personal(page)).toEqual(before);

    await preview.getByRole('button', { name: 'Importar 6 animes' }).click();
    await expect(page.getByTestId('data-status')).toContainText('Lista de ani-fan no AniList importada!');
    await expect(page.getByTestId('data-status')).toContainText(
      '1 avaliação deste aparelho é mais recente e fica.',
    );

    const stored = await readStorage(page);
    expect(json(stored.watchingList)).toEqual([20, 1]);
    expect(json(stored.completedList)).toEqual([1535]);
    expect(json(stored.planToWatchList)).toEqual([52991]);
    expect(json(stored.droppedList)).toEqual([16498]);
    expect(json(stored.onHoldList)).toEqual([21]);
    expect(json(stored['anime-master-list-entries'])).toMatchObject({
      20: { progress: 100, startedAt: '2021-03-04' },
      1: { progress: 3 },
      1535: { progress: 37, finishedAt: '2020-02-10' },
      16498: { progress: 5 },
      21: { progress: 500 },
    });
    expect(json(stored.animeRating_20)).toEqual({ rating: 5, opinion: 'Dattebayo!' });
    expect(json(stored.animeRating_1)).toEqual({ rating: 4, opinion: '' });
    expect(json(stored.animeRating_16498)).toEqual({ rating: 2, opinion: 'Não era pra mim' });
    expect(json(stored.animeRating_21)).toEqual({ rating: 0, opinion: 'Pausado em Wano' });
    // The device's newer rating stayed.
    expect(json(stored.animeRating_1535)).toEqual({ rating: 2, opinion: 'Minha nota nova' });

    await page.goto('/dropped');
    await expect(page.getByRole('heading', { name: 'Shingeki no Kyojin' })).toBeVisible();
    await page.goto('/my-ratings');
    await expect(page.getByText('Dattebayo!')).toBeVisible();
    await expect(page.getByText('Minha nota nova')).toBeVisible();
  });

  test('a private user and an unknown user leave the device unchanged, with a clear message', async ({
    page,
  }) => {
    await seedStorage(page, seed, '/settings?tab=data');
    const before = await personal(page);
    await askFor(page, 'ani-private', 'Importar do AniList');
    const status = page.getByTestId('data-status');
    await expect(status).toContainText(
      'A lista de ani-private no AniList é privada. Torne-a pública no AniList e tente de novo.',
    );
    await expect(status).toContainText('Nada foi alterado.');
    await askFor(page, 'ninguem-aqui', 'Importar do AniList');
    await expect(status).toContainText(
      'Não há usuário "ninguem-aqui" no AniList. Confira o nome e tente de novo.',
    );
    await expect(page.getByTestId('tracker-preview')).toHaveCount(0);
    expect(await personal(page)).toEqual(before);
  });

  test('a 429 with Retry-After is waited out, then the list arrives', async ({ page }) => {
    await page.goto('/settings?tab=data');
    const since = Date.now();
    await fake.setFault({ service: 'anilist', mode: '429', retryAfter: 2, times: 1 });
    await askFor(page, 'ani-fan', 'Importar do AniList');
    await expect(page.getByText(/O AniList pediu uma pausa: continuando em \d segundos?\./)).toBeVisible();
    await expect(page.getByTestId('tracker-preview').getByRole('heading')).toHaveText(
      'Prévia: 8 animes de ani-fan no AniList',
    );
    const calls = await fake.calls({ service: 'anilist', since });
    expect(calls.length).toBe(2);
    expect(calls[1]!.time - calls[0]!.time).toBeGreaterThanOrEqual(2000);
  });

  test('a 3,000-entry list imports with a progress bar, within 30 s, and the page keeps answering', async ({
    page,
  }) => {
    await page.goto('/settings?tab=data');
    // The longest task the page runs meanwhile (a frozen page shows as one long task).
    await page.evaluate(() => {
      const holder = window as unknown as { longestTask: number };
      holder.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          holder.longestTask = Math.max(holder.longestTask, entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const started = Date.now();
    await askFor(page, 'ani-big-3000', 'Importar do AniList');
    await expect(page.getByRole('progressbar')).toBeVisible();
    const preview = page.getByTestId('tracker-preview');
    await expect(preview.getByRole('heading')).toHaveText('Prévia: 3.000 animes de ani-big-3000 no AniList', {
      timeout: 30_000,
    });
    // Every value the bar showed while writing: the page drew between slices, so it never froze.
    await page.evaluate(() => {
      const holder = window as unknown as { barValues: number[] };
      holder.barValues = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const value = (record.target as Element).getAttribute('aria-valuenow');
          if (value !== null) holder.barValues.push(Number(value));
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await preview.getByRole('button', { name: 'Importar 3.000 animes' }).click();
    await expect(page.getByTestId('data-status')).toContainText(
      'Lista de ani-big-3000 no AniList importada!',
      {
        timeout: 30_000,
      },
    );
    const elapsed = Date.now() - started;
    const longest = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
    console.log(`[figures] 3000 entries: ${elapsed} ms, longest task ${Math.round(longest)} ms`);
    test.info().annotations.push({
      type: 'figures',
      description: `3000 entries: ${elapsed} ms, longest task ${Math.round(longest)} ms`,
    });
    expect(elapsed).toBeLessThan(30_000);
    const shown = await page.evaluate(() => (window as unknown as { barValues: number[] }).barValues);
    expect(shown.some((value) => value > 0 && value < Math.max(...shown))).toBe(true);
    const stored = await readStorage(page);
    expect((json(stored.watchingList) as number[]).length).toBe(1000);
    expect((json(stored.completedList) as number[]).length).toBe(500);
    await page.goto('/watching');
    await expect(page.getByRole('heading', { name: 'Generated Anime 3000', exact: true })).toBeVisible();
  });

  test("a signed-in fan's import syncs like any other change", async ({ browser }) => {
    const user = uniqueUser('Tracker');
    await createGoogleUser(user);
    const a = await device(browser, user);
    const b = await device(browser, user);
    await expectSynced(a.page);
    await a.page.getByRole('tab', { name: 'Dados' }).click();
    await askFor(a.page, 'ani-fan', 'Importar do AniList');
    await a.page.getByTestId('tracker-preview').getByRole('button', { name: 'Importar 6 animes' }).click();
    await expect(a.page.getByTestId('data-status')).toContainText('Lista de ani-fan no AniList importada!');
    await a.page.getByRole('tab', { name: 'Conta' }).click();
    await expect(a.page.getByTestId('sync-status')).toContainText('Sincronizado', { timeout: 30_000 });
    await b.page.goto('/my-ratings');
    await expect(b.page.getByText('Dattebayo!')).toBeVisible({ timeout: 30_000 });
    await b.page.goto('/on-hold');
    await expect(b.page.getByRole('heading', { name: 'One Piece', exact: true })).toBeVisible();
    await a.context.close();
    await b.context.close();
  });
});

test.describe('import from Kitsu', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a public user in English: statuses, progress, ratingTwenty and notes; one left out', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/settings?tab=data');
    await askFor(page, 'kitsu-fan', 'Import from Kitsu');
    const preview = page.getByTestId('tracker-preview');
    await expect(preview.getByRole('heading')).toHaveText('Preview: 8 anime of kitsu-fan on Kitsu');
    await expect(preview).toContainText(
      'Watching: 2 · Completed: 1 · On hold: 1 · Dropped: 1 · Plan to watch: 1.',
    );
    await expect(page.getByTestId('tracker-left-out').getByRole('listitem').first()).toHaveText(
      'Only On The Tracker',
    );
    await expect(page.getByTestId('tracker-merge')).toHaveText(
      'Nothing already on this device will be replaced.',
    );
    await preview.getByRole('button', { name: 'Import 6 anime' }).click();
    await expect(page.getByTestId('data-status')).toContainText("kitsu-fan's Kitsu list imported!");
    const stored = await readStorage(page);
    expect(json(stored.watchingList)).toEqual([20, 1]);
    expect(json(stored.onHoldList)).toEqual([21]);
    expect(json(stored.animeRating_1535)).toEqual({ rating: 5, opinion: 'Obra-prima' });
    expect(json(stored.animeRating_16498)).toEqual({ rating: 2, opinion: 'Não era pra mim' });
    expect(json(stored['anime-master-list-entries'])).toMatchObject({ 20: { progress: 100 } });
  });

  test('an unknown user and a private library change nothing, with a clear message', async ({ page }) => {
    await seedStorage(page, seed, '/settings?tab=data');
    const before = await personal(page);
    const status = page.getByTestId('data-status');
    await askFor(page, 'ninguem-no-kitsu', 'Importar do Kitsu');
    await expect(status).toContainText(
      'Não há usuário "ninguem-no-kitsu" no Kitsu. Confira o nome e tente de novo.',
    );
    await askFor(page, 'kitsu-private', 'Importar do Kitsu');
    await expect(status).toContainText('A lista de kitsu-private no Kitsu é privada.');
    await fake.setFault({ service: 'kitsu', mode: 'malformed', match: 'kitsu-big-9', times: 1 });
    await askFor(page, 'kitsu-big-9', 'Importar do Kitsu');
    await expect(status).toContainText('O Kitsu enviou uma resposta que não conseguimos ler.');
    await fake.setFault({ service: 'kitsu', mode: '503', match: 'kitsu-big-8', times: 1 });
    await askFor(page, 'kitsu-big-8', 'Importar do Kitsu');
    await expect(status).toContainText('O Kitsu não respondeu. Tente de novo mais tarde.');
    await expect(status).toContainText('Nada foi alterado.');
    expect(await personal(page)).toEqual(before);
    // Never answered from a cache: the route says so.
    const response = await page.request.get('/api/import/kitsu?user=kitsu-fan');
    expect(response.headers()['cache-control']).toBe('private, no-store');
  });
});

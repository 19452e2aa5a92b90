import type { Page } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, test, useLanguage } from '../support';

/**
 * Every record the server fetches is kept in its database (DATA_DIR's PGlite) as a last-known-good
 * copy. After a restart, with the anime database unable to answer (504s, a 429 back-off, a limiter
 * queue over JIKAN_QUEUE_OFFLINE_MS), the detail page shows that copy in full (title, translated
 * synopsis, cover) with its age, 'dados de … atrás', instead of the offline catalogue's stub. An
 * anime never fetched still gets the stub, titled in Latin script when one is known.
 *
 * One private stack, restarted on the same DATA_DIR between the cases: a restart empties every
 * in-memory cache (data, rendered pages, limiter), so only the database can answer. Covers are
 * served by MyAnimeList's CDN, not by Jikan: the image service stays up.
 */

test.describe.configure({ mode: 'serial' });

let stack: PrivateStack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startPrivateStack();
});

test.afterAll(async () => {
  await stack?.close();
});

/** Copies past their life at once after a restart: the database is asked first, when it has room. */
const RESTARTED = { CACHE_TTL_MS: '1000' };
const TRANSLATED = '[PT] Mushi-Shi is a series in the fake upstream catalogue';

/** What the app stored of anime `id`, read with the app stopped (PGlite's folder is one process's). */
async function storedRow(id: number) {
  const db = await PGlite.create(path.join(stack.dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ kind: string; title: string; pt: string | null }>(
      `select kind, record->>'title' as title, translations->'pt'->'paragraphs'->>0 as pt
       from anime_records where anime_id = $1`,
      [id],
    );
    return rows[0] ?? null;
  } finally {
    await db.close();
  }
}

async function downFor(services: ('jikan' | 'translate' | 'streaming')[], mode: '504' | '429' = '504') {
  await stack.fake.reset();
  for (const service of services) {
    await stack.fake.setFault({
      service,
      mode,
      ...(mode === '429' ? { retryAfter: 120 } : {}),
    });
  }
}

const title = (page: Page) => page.getByTestId('detail-title');
const staleMark = (page: Page) => page.getByTestId('stale-mark');

async function expectFullStalePage(page: Page) {
  await page.goto(`${stack.appUrl}/anime/457`);
  await expect(title(page)).toHaveText('Mushishi');
  await expect(staleMark(page)).toHaveText(/^dados de (menos de um minuto|\d+ minutos?) atrás$/);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await expect(page.getByTestId('synopsis')).toContainText(TRANSLATED);
  await expect(page.getByTestId('fact-episodes')).toContainText('26');
  await expect(page.getByText('Studio Deen')).toBeVisible();
  const cover = page.locator('header img[data-cover="image"]');
  await expect(cover).toHaveAttribute('src', /cover%2F457/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test('a page viewed once is shown in full, marked stale, after a restart with the database answering 504', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Live: the record and its translation are fetched, and kept.
  await page.goto(`${stack.appUrl}/anime/457`);
  await expect(title(page)).toHaveText('Mushishi');
  await expect(page.getByTestId('synopsis')).toContainText(TRANSLATED);
  await expect(staleMark(page)).toHaveCount(0);
  const cover = page.locator('header img[data-cover="image"]');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await stack.restartApp(RESTARTED, async () => {
    expect(await storedRow(457)).toEqual({
      kind: 'full',
      title: 'Mushishi',
      pt: expect.stringContaining('[PT]'),
    });
  });
  await downFor(['jikan', 'translate', 'streaming']);
  await expectFullStalePage(page);

  // In English: the English title and the mark in English.
  await useLanguage(page, 'en');
  await page.goto(`${stack.appUrl}/anime/457`);
  await expect(title(page)).toHaveText('Mushi-Shi');
  await expect(staleMark(page)).toHaveText(/^data from (less than a minute|\d+ minutes?) ago$/);

  // The API says how old the copy is, and lets no shared cache keep it beyond a second.
  const api = await fetch(`${stack.appUrl}/api/anime/457`);
  expect(api.status).toBe(200);
  expect(api.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
  const { data } = (await api.json()) as { data: { title: string; stale?: { fetchedAt: string } } };
  expect(data.title).toBe('Mushishi');
  expect(Date.parse(data.stale!.fetchedAt)).toBeLessThan(Date.now());
});

test('an anime never fetched gets the catalogue stub, titled in Latin script when one is known', async ({
  page,
}) => {
  await downFor(['jikan', 'translate', 'streaming']);
  // bangumi-data: 海のトリトン, with the English title "Triton of the Sea".
  await page.goto(`${stack.appUrl}/anime/2718`);
  await expect(title(page)).toHaveText('Triton of the Sea');
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await expect(page.getByTestId('japanese-only-title')).toHaveCount(0);

  // bangumi-data knows only 白蛇伝: the page says so and offers a search for it.
  await page.goto(`${stack.appUrl}/anime/4513`);
  await expect(title(page)).toHaveText('白蛇伝');
  const notice = page.getByTestId('japanese-only-title');
  await expect(notice).toContainText('Este anime só tem título em japonês nos dados offline.');
  await expect(notice.getByRole('link', { name: 'Pesquisar por “白蛇伝”' })).toHaveAttribute(
    'href',
    `/search?q=${encodeURIComponent('白蛇伝')}`,
  );
});

test('during a 429 back-off the stored copy answers at once, without a call for it', async ({ page }) => {
  test.setTimeout(120_000);
  await stack.restartApp(RESTARTED);
  await downFor(['jikan'], '429');
  // Another anime meets the 429: the back-off (Retry-After 120 s) starts.
  await fetch(`${stack.appUrl}/api/anime/1`);
  await expect
    .poll(async () => (await stack.fake.calls({ service: 'jikan', match: '/anime/1/' })).length)
    .toBe(1);
  const since = Date.now();
  await expectFullStalePage(page);
  expect(await stack.fake.calls({ service: 'jikan', match: '/anime/457', since })).toEqual([]);
});

test('with the limiter queue over its threshold the stored copy answers at once, without a call for it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // One call every 3 s: five searches queued keep the next turn more than JIKAN_QUEUE_OFFLINE_MS away.
  await stack.restartApp({ ...RESTARTED, JIKAN_MIN_INTERVAL_MS: '3000', JIKAN_TIMEOUT_MS: '20000' });
  await stack.fake.reset();
  const since = Date.now();
  const busy = Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      fetch(`${stack.appUrl}/api/anime/search?q=busy-${i}-${since}`, {
        headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` },
      }),
    ),
  );
  await expect
    .poll(async () => (await stack.fake.calls({ service: 'jikan', match: 'q=busy', since })).length)
    .toBeGreaterThan(0);
  await expectFullStalePage(page);
  // The record is answered from its copy. A section with no copy of its own (the page's
  // recommendations, asked after it loaded) may still be called for ahead of the searches.
  const calls = await stack.fake.calls({ service: 'jikan', match: '/anime/457', since });
  expect(calls.filter((call) => /\/anime\/457(\/full)?$/.test(call.path))).toEqual([]);
  await busy;
});

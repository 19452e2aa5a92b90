import { cards } from '../discovery/helpers';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, randomCase, test } from '../support';

/**
 * When the limiter's queue would keep a visitor waiting longer than
 * JIKAN_QUEUE_OFFLINE_MS (3 s by default), a detail or a search with no cached copy answers from
 * the offline catalogue at once, with the badge, and the call it stood in for is still made in
 * the background, so the next visitor gets live data. A detail the server fetched before answers
 * from its stored copy (lib/records), marked stale, and no call is queued for it.
 *
 * A private stack whose limiter is easy to keep busy: one call every 3 s (plus the 60 ms margin),
 * and a 20 s timeout so the queued calls all get their turn. The fake's records used here carry
 * ids bangumi-data also has (Death Note 1535, Shingeki no Kyojin 16498).
 */

const INTERVAL_MS = 3000;

let stack: PrivateStack;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startPrivateStack({ JIKAN_MIN_INTERVAL_MS: String(INTERVAL_MS), JIKAN_TIMEOUT_MS: '20000' });
  // Offline answers show a visitor only records whose age rating the server learnt from the
  // database: one search (a term the test does not use) teaches it Death Note's.
  expect((await fetch(`${stack.appUrl}/api/anime/search?q=death%20not`)).status).toBe(200);
});

test.afterAll(async () => {
  await stack?.close();
});

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

async function get(path: string, client: string) {
  const started = performance.now();
  const response = await fetch(stack.appUrl + path, { headers: { 'X-Forwarded-For': client } });
  const body = (await response.json()) as { data?: Record<string, unknown> };
  return { status: response.status, ms: performance.now() - started, body };
}

test('with the limiter queue long, a detail and a search answer from the catalogue at once, and the calls are still made', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const since = Date.now();
  // Five searches the catalogue cannot answer keep the limiter busy: a turn every ~3 s, 12 s in all
  // (and the two calls stood in for below still fit in the queue's 19 s bound).
  const busy = Promise.all(
    Array.from({ length: 5 }, (_, i) => get(`/api/anime/search?q=${unique('busy')}`, `192.0.2.${i + 1}`)),
  );
  const turnsTaken = async () =>
    (await stack.fake.calls({ service: 'jikan', since, match: 'q=busy' })).length;
  // The queue has formed once the first of them reached the database.
  await expect.poll(turnsTaken).toBeGreaterThan(0);

  // Answered at once means: from the catalogue (the database is healthy, so a request that waited
  // for its turn would get live data), before its own call reached the database, and before the
  // searches queued ahead of it had all had their turns. (Wall-clock figures are only recorded: on
  // a loaded 2-core machine a cold page render alone can take seconds.)

  // A detail the server never fetched (Shingeki no Kyojin 16498): the catalogue's stub.
  const detail = await get('/api/anime/16498', '198.51.100.50');
  expect(detail.status).toBe(200);
  expect(detail.body.data).toMatchObject({ id: 16498, offline: true });
  expect(await stack.fake.calls({ service: 'jikan', since, match: '/anime/16498' })).toEqual([]);
  expect(await turnsTaken()).toBeLessThan(5);

  // A detail the server listed before (the search of beforeAll stored Death Note's row): that
  // stored copy, marked stale, and no call for it while the database has no room.
  const listed = await get('/api/anime/1535', '198.51.100.52');
  expect(listed.status).toBe(200);
  expect(listed.body.data).toMatchObject({
    id: 1535,
    title: 'Death Note',
    stale: { fetchedAt: expect.any(String) },
  });
  expect(listed.body.data).not.toHaveProperty('offline');
  expect(await stack.fake.calls({ service: 'jikan', since, match: '/anime/1535' })).toEqual([]);
  expect(await turnsTaken()).toBeLessThan(5);

  // A search page: the catalogue's results with the 'dados offline' badge.
  const term = randomCase('death note');
  const started = performance.now();
  await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(term)}`);
  await expect(page.getByTestId('offline-badge')).toHaveText('dados offline');
  await expect(cards(page).first().getByRole('heading')).toHaveText('Death Note');
  const pageMs = performance.now() - started;
  expect(await stack.fake.calls({ service: 'jikan', since, match: 'q=death' })).toEqual([]);
  expect(await turnsTaken()).toBeLessThan(5);
  test.info().annotations.push({
    type: 'measured',
    description: `detail ${Math.round(detail.ms)} ms, search page ${Math.round(pageMs)} ms`,
  });

  // Each call it stood in for is made once, in the background, when its turn comes: then the
  // next visitor gets live data.
  await expect
    .poll(async () => (await get('/api/anime/16498', '198.51.100.51')).body.data?.offline ?? 'live', {
      timeout: 40_000,
      intervals: [500],
    })
    .toBe('live');
  await expect(async () => {
    await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(term)}`);
    await expect(cards(page).first().getByRole('heading')).toHaveText('Death Note', { timeout: 2_000 });
    // (The catalogue learnt the title 'Death Note' from the live search: only the badge tells.)
    await expect(page.getByTestId('offline-badge')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  expect(
    (await stack.fake.calls({ service: 'jikan', since, match: '/anime/16498' })).map((call) => call.path),
  ).toEqual(['/jikan/v4/anime/16498/full']);
  expect(await stack.fake.calls({ service: 'jikan', since, match: 'q=death' })).toHaveLength(1);

  // The searches that kept the queue busy waited for their turns and got their answers.
  expect((await busy).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
});

import { expect, test } from '@playwright/test';
import { localeFromCookieHeader } from '../../lib/i18n/locale-cookie';
import { edgeStackForFile } from './edge-stack';
import { pageLang, rawRequest, type RawAnswer } from './http';

/**
 * The page cache of the shipped nginx configuration (deploy/nginx), in front of `next start`.
 * Each test uses its own anime pages, so that what one test stores cannot answer another.
 */
// One stack for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

const stack = edgeStackForFile();

test.afterEach(() => {
  stack().tap.mode = 'pass';
  stack().tap.freshSeconds = null;
  stack().tap.extraHeaders.clear();
});

const LANG = { pt: 'pt-BR', en: 'en' } as const;

async function get(path: string, headers: [string, string][] = []) {
  return rawRequest(stack().edgeUrl, 'GET', path, headers);
}

test('a cached page is answered by nginx without reaching Next', async () => {
  const path = '/anime/20';
  const first = await get(path);
  expect(first.status).toBe(200);
  expect(first.headers['x-cache-status']).toBe('MISS');
  expect(stack().tap.callsFor(path)).toHaveLength(1);

  for (let i = 0; i < 3; i += 1) {
    const again = await get(path);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache-status']).toBe('HIT');
    expect(again.body).toBe(first.body);
  }
  expect(stack().tap.callsFor(path)).toHaveLength(1);
});

test('the Portuguese and English pages of one URL are kept apart', async ({ browser }) => {
  const path = '/anime/1535';
  const visit = async (cookie: string | null) => {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([{ name: 'NEXT_LOCALE', value: cookie, url: stack().edgeUrl }]);
    const page = await context.newPage();
    await page.goto(`${stack().edgeUrl}${path}`);
    return { page, context };
  };

  const english = await visit('en');
  await expect(english.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.page.getByRole('heading', { name: 'Synopsis' })).toBeVisible();
  await english.context.close();

  const portuguese = await visit(null);
  await expect(portuguese.page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(portuguese.page.getByRole('heading', { name: 'Sinopse' })).toBeVisible();
  await portuguese.context.close();

  // Both are stored now: each language is answered from its own entry (the browser's copies
  // are gzipped ones).
  const gzip: [string, string] = ['Accept-Encoding', 'gzip, deflate, br'];
  const cachedPortuguese = await get(path, [gzip]);
  expect(cachedPortuguese.headers['x-cache-status']).toBe('HIT');
  expect(pageLang(cachedPortuguese.body)).toBe(LANG.pt);
  const cachedEnglish = await get(path, [gzip, ['Cookie', 'NEXT_LOCALE=en']]);
  expect(cachedEnglish.headers['x-cache-status']).toBe('HIT');
  expect(pageLang(cachedEnglish.body)).toBe(LANG.en);
});

/**
 * Cookie headers a browser would not send but a client can: each is the first request for its
 * page, so whatever it stores is what the next visitors of that page get.
 */
const HOSTILE_COOKIES: { path: string; cookies: string[] }[] = [
  { path: '/anime/52991', cookies: ['NEXT_LOCALE=pt; NEXT_LOCALE=en'] },
  { path: '/anime/5114', cookies: ['NEXT_LOCALE=pt', 'NEXT_LOCALE=en'] },
  { path: '/anime/9253', cookies: ['NEXT_LOCALE=junk; NEXT_LOCALE=en'] },
  { path: '/anime/11061', cookies: ['NEXT_LOCALE =en'] },
  { path: '/anime/918', cookies: ['next_locale=en'] },
  { path: '/anime/19', cookies: ['Next_Locale=en; NEXT_LOCALE=pt'] },
  { path: '/anime/32281', cookies: ['NEXT_LOCALE=EN'] },
  { path: '/anime/199', cookies: ['NEXT_LOCALE=%65n'] },
  { path: '/anime/1', cookies: ['NEXT_LOCALE=en; NEXT_LOCALE=pt'] },
  { path: '/anime/37521', cookies: [' NEXT_LOCALE\t=\ten ; theme=dark'] },
];

test('duplicate, spaced and mixed-case language cookies never poison the default language', async () => {
  for (const { path, cookies } of HOSTILE_COOKIES) {
    const expected = localeFromCookieHeader(cookies.join('; '));
    const hostile = await get(
      path,
      cookies.map((cookie): [string, string] => ['Cookie', cookie]),
    );
    expect(hostile.status, `${path} ${JSON.stringify(cookies)}`).toBe(200);
    expect(hostile.headers['x-cache-status']).toBe('MISS');
    // The page is in the language the cache stored it under: the app's rule (locale-cookie.ts).
    expect(pageLang(hostile.body), `${JSON.stringify(cookies)} renders ${expected}`).toBe(LANG[expected]);

    // A later visitor without a cookie gets Portuguese, from the cache when the hostile request
    // was itself Portuguese.
    const visitor = await get(path);
    expect(pageLang(visitor.body), `after ${JSON.stringify(cookies)}`).toBe(LANG.pt);
    expect(visitor.headers['x-cache-status']).toBe(expected === 'pt' ? 'HIT' : 'MISS');
    const english = await get(path, [['Cookie', 'NEXT_LOCALE=en']]);
    expect(pageLang(english.body)).toBe(LANG.en);
    expect(english.headers['x-cache-status']).toBe(expected === 'en' ? 'HIT' : 'MISS');
  }
});

/** Asks for `path` for the first time: Next renders it and nginx stores it. */
async function expectStored(path: string) {
  const first = await get(path);
  expect(first.status, path).toBe(200);
  expect(first.headers['x-cache-status']).toBe('MISS');
}

/** Waits until the stored copy of `path` is no longer fresh: nginx then answers it stale. */
async function untilNotFresh(path: string, method: 'GET' | 'HEAD' = 'GET'): Promise<RawAnswer> {
  let answer: RawAnswer | undefined;
  await expect
    .poll(async () => {
      answer = await rawRequest(stack().edgeUrl, method, path);
      return answer.headers['x-cache-status'];
    })
    .not.toBe('HIT');
  return answer!;
}

test('a page is served stale while Next hangs', async () => {
  const path = '/anime/457';
  stack().tap.freshSeconds = 1;
  await expectStored(path);
  const callsBefore = stack().tap.callsFor(path).length;

  stack().tap.mode = 'hang';
  const stale = await untilNotFresh(path);
  expect(stale.status).toBe(200);
  expect(['STALE', 'UPDATING']).toContain(stale.headers['x-cache-status']);
  expect(pageLang(stale.body)).toBe(LANG.pt);
  expect(stale.body).toContain('data-testid="detail-title"');
  // One request went to refresh it (and hangs); the others are answered from the stale copy.
  for (let i = 0; i < 3; i += 1) {
    const again = await get(path);
    expect(again.status).toBe(200);
    expect(['STALE', 'UPDATING']).toContain(again.headers['x-cache-status']);
  }
  expect(stack().tap.callsFor(path).length).toBe(callsBefore + 1);
});

test('a page is served stale while Next answers 504, and refreshed once Next is back', async () => {
  const path = '/anime/34599';
  stack().tap.freshSeconds = 1;
  await expectStored(path);

  stack().tap.mode = '504';
  const stale = await untilNotFresh(path);
  expect(stale.status).toBe(200);
  expect(['STALE', 'UPDATING']).toContain(stale.headers['x-cache-status']);
  // Refreshes keep failing (Next answered 504 to them) and visitors still get the page.
  await expect.poll(() => stack().tap.callsFor(path).length).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < 3; i += 1) {
    const again = await get(path);
    expect(again.status).toBe(200);
    expect(pageLang(again.body)).toBe(LANG.pt);
  }

  stack().tap.mode = 'pass';
  stack().tap.freshSeconds = null;
  await expect.poll(async () => (await get(path)).headers['x-cache-status']).toBe('HIT');
});

test('a HEAD that refreshes a stale page stores it: the refresh asks Next with a GET', async () => {
  const path = '/anime/40748';
  stack().tap.freshSeconds = 1;
  await expectStored(path);
  stack().tap.freshSeconds = null;

  // Only HEADs come while it goes stale: one of them is the request that refreshes it.
  const head = await untilNotFresh(path, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body).toBe('');
  await expect.poll(async () => (await get(path)).headers['x-cache-status']).toBe('HIT');
  // The page is fresh again: HEADs and GETs are answered from the cache, and Next was only ever
  // asked with GETs.
  expect((await rawRequest(stack().edgeUrl, 'HEAD', path)).headers['x-cache-status']).toBe('HIT');
  const methods = stack()
    .tap.callsFor(path)
    .map((call) => call.method);
  expect(methods).toEqual(['GET', 'GET']);
});

test('an answer with Set-Cookie, private or no-store is never stored', async () => {
  const cases: [string, Record<string, string>][] = [
    ['/anime/16498', { 'set-cookie': 'session=abc; Path=/; HttpOnly' }],
    ['/anime/30276', { 'cache-control': 'private, max-age=600' }],
    ['/anime/32182', { 'cache-control': 'no-store' }],
  ];
  for (const [path, headers] of cases) {
    stack().tap.extraHeaders.set(path, headers);
    for (let i = 0; i < 3; i += 1) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache-status'], `${path} ${JSON.stringify(headers)}`).toBe('MISS');
    }
    expect(stack().tap.callsFor(path)).toHaveLength(3);
  }
});

test('a request with Authorization is never answered from the cache, nor stored', async () => {
  const cached = '/anime/44511';
  await expectStored(cached);
  expect((await get(cached)).headers['x-cache-status']).toBe('HIT');
  const withToken = await get(cached, [['Authorization', 'Bearer some-token']]);
  expect(withToken.status).toBe(200);
  expect(withToken.headers['x-cache-status']).toBe('BYPASS');
  const reached = stack().tap.callsFor(cached);
  expect(reached).toHaveLength(2);
  expect(reached[1]?.headers.authorization).toBe('Bearer some-token');

  // The first request for a page carries a token: what it got is not kept for anyone.
  const fresh = '/anime/38000';
  expect((await get(fresh, [['Authorization', 'Bearer some-token']])).headers['x-cache-status']).toBe(
    'BYPASS',
  );
  expect((await get(fresh)).headers['x-cache-status']).toBe('MISS');
});

test('build assets and images are cached, and pages are compressed', async () => {
  const page = await get('/anime/20583');
  const asset = /\/_next\/static\/[^"]+\.js/.exec(page.body)?.[0];
  expect(asset).toBeTruthy();
  const gzip: [string, string] = ['Accept-Encoding', 'gzip, deflate, br'];
  expect((await get(asset!, [gzip])).status).toBe(200);
  const again = await get(asset!, [gzip]);
  expect(again.headers['x-cache-status']).toBe('HIT');
  expect(again.headers['content-encoding']).toBe('gzip');
  expect(again.headers['cache-control']).toContain('immutable');
  // Asked of Next once for gzip-accepting clients, whichever (this test or a browser) came first.
  const gzipCalls = stack()
    .tap.callsFor(asset!)
    .filter((call) => call.headers['accept-encoding'] === 'gzip');
  expect(gzipCalls).toHaveLength(1);

  // Covers from Next's image optimiser: kept per URL and accepted format.
  const image = /\/_next\/image\?[^"\s]+/.exec(page.body)?.[0]?.replaceAll('&amp;', '&');
  expect(image).toBeTruthy();
  const avif: [string, string] = ['Accept', 'image/avif,image/webp,*/*'];
  const firstImage = await get(image!, [avif]);
  expect(firstImage.status).toBe(200);
  expect(firstImage.headers['content-type']).toBe('image/avif');
  const cachedImage = await get(image!, [avif]);
  expect(cachedImage.headers['x-cache-status']).toBe('HIT');
  const png = await get(image!, [['Accept', 'image/png,*/*']]);
  expect(png.headers['content-type']).not.toBe('image/avif');
  expect(stack().tap.callsFor(image!)).toHaveLength(2);

  // A page is stored compressed for the clients that accept gzip, and plain for the others.
  for (const status of ['MISS', 'HIT']) {
    const gzipped = await get('/anime/20583', [gzip]);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['x-cache-status']).toBe(status);
    expect(pageLang(gzipped.body)).toBe(LANG.pt);
  }
  const plain = await get('/anime/20583');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['x-cache-status']).toBe('HIT');
});

test('the service worker is never stored and is revalidated by browsers on every load', async () => {
  for (let i = 0; i < 2; i += 1) {
    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['x-cache-status']).toBeUndefined();
  }
  expect(stack().tap.callsFor('/sw.js')).toHaveLength(2);
});

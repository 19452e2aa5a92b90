import { expect, fake, test } from '../support';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';

/** base64url of UTF-8, as lib/discovery/params.ts encodeSearchSegment writes a review's opinion. */
const segment = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Far below any render of a page or an image (100 ms and more), generous for a busy machine. */
const QUICK_MS = 1500;

test.describe('unknown query parameters', () => {
  const cases: [string, string][] = [
    ['/?evict=1', '/'],
    ['/?evict=2&utm_source=x', '/'],
    ['/explore?tab=top&view=grid&x=1', '/explore?tab=top&view=grid'],
    ['/explore?x=1&tab=popular', '/explore?tab=popular'],
    ['/search?q=naruto&sort=score&fbclid=abc', '/search?q=naruto&sort=score'],
    ['/anime/1?ref=feed', '/anime/1'],
    ['/anime/1/edit?x=1', '/anime/1/edit'],
    ['/anime/1/review?s=4&o=Bom&utm_campaign=x', '/anime/1/review?s=4&o=Bom'],
    ['/settings?tab=data&x=1', '/settings?tab=data'],
    ['/watching?page=2', '/watching'],
  ];
  for (const [from, to] of cases) {
    test(`${from} redirects to ${to}`, async ({ request }) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await request.fetch(from, { method, maxRedirects: 0 });
        expect(response.status(), method).toBe(308);
        const location = new URL(response.headers()['location'] ?? '', 'http://x');
        expect(location.pathname + location.search, method).toBe(to);
      }
    });
  }

  test('a clean address answers at once, and a person lands on the clean one', async ({ page, request }) => {
    for (const path of ['/', '/explore?tab=top&view=grid', '/anime/1', '/search?q=naruto']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
    await page.goto('/explore?tab=popular&view=list&evict=7');
    await expect(page).toHaveURL(/\/explore\?tab=popular&view=list$/);
    await expect(page.getByRole('tab', { name: 'Populares', selected: true })).toBeVisible();
  });
});

test.describe('review page and card image addresses are checked before any work', () => {
  test('junk segments of the card image answer 404 at once, with no upstream call', async ({ request }) => {
    const since = Date.now();
    const junk = [
      `/api/card/pt/review/1/5/${'A'.repeat(6000)}`,
      `/api/card/pt/review/1/5/${segment('x'.repeat(400))}`,
      `/api/card/pt/review/1/5/${segment('bo\u200bm')}`,
      `/api/card/en/review/1/5/${segment('ok')}%3D`,
      '/api/card/pt/review/1/5/%FF%FE',
      '/api/card/pt/review/1/7/-',
      '/api/card/pt/review/1/05/-',
      '/api/card/pt/review/0/5/-',
      '/api/card/pt/review/123456789012345678/5/-',
      '/api/card/xx/review/1/5/-',
      '/api/card/pt/anime/abc',
      '/api/card/en/anime/0',
      '/api/card/de/anime/1',
      // An old card address is redirected to the card's route, which refuses it the same way.
      '/pt/review/1/7/-/opengraph-image',
      '/pt/anime/abc/opengraph-image',
    ];
    for (const path of junk) {
      const started = Date.now();
      const response = await request.get(path);
      expect([400, 404], path.slice(0, 80)).toContain(response.status());
      expect(response.headers()['cache-control'], path.slice(0, 80)).toBe('no-store');
      expect(Date.now() - started, path.slice(0, 80)).toBeLessThan(QUICK_MS);
    }
    const calls = await fake.calls({ service: 'jikan', since });
    expect(calls.filter((call) => /\/anime\/(1|0|123456789012345678)(\/|$)/.test(call.path))).toHaveLength(0);

    // The card of a link the app makes still draws, at its address and at its old one.
    for (const path of [
      `/api/card/pt/review/1/5/${segment('Muito bom')}`,
      '/pt/review/1/5/-/twitter-image',
    ]) {
      const card = await request.get(path);
      expect(card.status(), path).toBe(200);
      expect(card.headers()['content-type'], path).toBe('image/png');
    }
  });

  test('an opinion longer than the rating form allows is a broken link', async ({ request }) => {
    const response = await request.get(`/anime/1/review?s=4&o=${'z'.repeat(5001)}`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Avaliação não encontrada');
  });
});

/** The width and height in a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('card renders have a per-client budget; cached cards are free (private server)', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: PrivateStack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Behind one trusted proxy, as behind the shipped nginx: the address it appended names the client.
    stack = await startPrivateStack({
      IMAGE_RENDER_BURST: '3',
      IMAGE_RENDER_PER_MINUTE: '2',
      TRUSTED_PROXY_HOPS: '1',
    });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('over budget, a client gets 429 for a new card but every card already drawn, as everyone does', async () => {
    test.setTimeout(120_000);
    const A = '198.51.100.7';
    const B = '203.0.113.9';
    const get = (path: string, client: string) =>
      fetch(`${stack.appUrl}${path}`, { headers: { 'X-Forwarded-For': client }, redirect: 'manual' });
    const review = (n: number) => `/api/card/pt/review/1/4/${segment(`Opinião número ${n}`)}`;
    const expectCard = async (response: Response, what: string) => {
      expect(response.status, what).toBe(200);
      expect(response.headers.get('content-type'), what).toBe('image/png');
      expect(response.headers.get('cache-control'), what).toMatch(/^public, .*s-maxage=600/);
      expect(pngSize(Buffer.from(await response.arrayBuffer())), what).toEqual({ width: 1200, height: 630 });
    };

    // The page's og:image and twitter:image: one absolute address, a 1200×630 PNG (A's first render).
    const html = await (await get('/anime/20', A)).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toMatch(/^http:\/\/[^/]+\/api\/card\/pt\/anime\/20$/);
    expect(twitter).toBe(og);
    expect(html).toMatch(/<meta property="og:image:type" content="image\/png"/);
    expect(html).toMatch(/<meta property="og:image:width" content="1200"/);
    expect(html).toMatch(/<meta property="og:image:height" content="630"/);
    const card = new URL(og!).pathname;
    await expectCard(await get(card, A), card);

    // Two more renders spend A's burst of three; a fourth new card is refused before it is drawn.
    for (const n of [1, 2]) await expectCard(await get(review(n), A), `review ${n}`);
    const over = await get(review(3), A);
    expect(over.status).toBe(429);
    expect(over.headers.get('cache-control')).toBe('no-store');
    // Three tokens, one back every 30 s: the next comes within 30 s.
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    // Over budget, A still gets every card already drawn, as often as it asks; a bad id is 404.
    for (let round = 0; round < 3; round++) {
      for (const path of [card, review(1), review(2)]) await expectCard(await get(path, A), `${path} again`);
    }
    const invalid = await get('/api/card/pt/anime/abc', A);
    expect(invalid.status).toBe(404);

    // B gets the cards A drew without spending anything: its own three renders are all there after.
    for (const path of [card, review(1), review(2), card])
      await expectCard(await get(path, B), `${path} for B`);
    for (const n of [3, 4, 5]) await expectCard(await get(review(n), B), `review ${n} by B`);
    expect((await get(review(6), B)).status).toBe(429);
    // The card B drew is free for A too.
    await expectCard(await get(review(3), A), 'review 3 for A');
  });
});

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
      `/pt/review/1/5/${'A'.repeat(6000)}/opengraph-image`,
      `/pt/review/1/5/${segment('x'.repeat(400))}/opengraph-image`,
      `/pt/review/1/5/${segment('bo\u200bm')}/twitter-image`,
      `/en/review/1/5/${segment('ok')}%3D/twitter-image`,
      '/pt/review/1/5/%FF%FE/opengraph-image',
      '/pt/review/1/7/-/opengraph-image',
      '/pt/review/1/05/-/twitter-image',
      '/pt/review/0/5/-/opengraph-image',
      '/pt/review/123456789012345678/5/-/opengraph-image',
      '/pt/anime/abc/opengraph-image',
      '/en/anime/0/opengraph-image',
    ];
    for (const path of junk) {
      const started = Date.now();
      const response = await request.get(path);
      expect([400, 404], path.slice(0, 80)).toContain(response.status());
      expect(Date.now() - started, path.slice(0, 80)).toBeLessThan(QUICK_MS);
    }
    const calls = await fake.calls({ service: 'jikan', since });
    expect(calls.filter((call) => /\/anime\/(1|0|123456789012345678)(\/|$)/.test(call.path))).toHaveLength(0);

    // The card of a link the app makes still draws.
    const card = await request.get(`/pt/review/1/5/${segment('Muito bom')}/opengraph-image`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
  });

  test('an opinion longer than the rating form allows is a broken link', async ({ request }) => {
    const response = await request.get(`/anime/1/review?s=4&o=${'z'.repeat(5001)}`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Avaliação não encontrada');
  });
});

test.describe('card images have a per-client render budget (private server)', () => {
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

  test('over budget, a client gets 429 with Retry-After; another client is still served', async () => {
    test.setTimeout(90_000);
    const image = (n: number) =>
      `${stack.appUrl}/pt/review/1/4/${segment(`Opinião número ${n}`)}/opengraph-image`;
    const get = (url: string, client: string) => fetch(url, { headers: { 'X-Forwarded-For': client } });

    for (let n = 1; n <= 3; n++) {
      const response = await get(image(n), '198.51.100.7');
      expect(response.status, `image ${n}`).toBe(200);
    }
    const over = await get(image(4), '198.51.100.7');
    expect(over.status).toBe(429);
    // Three per 90 s window (3 at 2 a minute), opened by the first card: it reopens within 90 s.
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(90);
    const twitter = await get(image(5).replace('opengraph-image', 'twitter-image'), '198.51.100.7');
    expect(twitter.status).toBe(429);

    const other = await get(image(4), '203.0.113.9');
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('image/png');
  });
});

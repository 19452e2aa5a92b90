import { uniqueTerm } from './discovery/helpers';
import { expect, FAKE_URL, fake, test } from './support';

/**
 * Anonymous pages come from the render cache, per language, with the URLs of SPEC §2.
 * Requests here go through Playwright's request context (no browser), like a CDN or a crawler.
 */

const PT = { Cookie: 'NEXT_LOCALE=pt' };
const EN = { Cookie: 'NEXT_LOCALE=en' };

test.describe('render cache', () => {
  test('the second request for a page is a cache hit that asks the anime database nothing', async ({
    request,
  }) => {
    const url = `/search?q=${encodeURIComponent(uniqueTerm('naruto'))}&sort=title`;
    const first = await request.get(url, { headers: PT });
    expect(first.status()).toBe(200);
    expect(first.headers()['x-nextjs-cache']).toBe('MISS');
    expect(first.headers()['cache-control']).toMatch(/s-maxage=600, stale-while-revalidate=\d+/);

    const since = Date.now();
    const second = await request.get(url, { headers: PT });
    expect(second.headers()['x-nextjs-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(await fake.calls({ service: 'jikan', since })).toEqual([]);
  });

  test('one URL, two languages: each is cached on its own and never served to the other', async ({
    browser,
  }) => {
    const url = `/search?q=${encodeURIComponent(uniqueTerm('one piece'))}`;
    const baseURL = test.info().project.use.baseURL ?? '';
    const host = new URL(baseURL).hostname;
    const [pt, en] = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
    await pt.addCookies([{ name: 'NEXT_LOCALE', value: 'pt', domain: host, path: '/' }]);
    await en.addCookies([{ name: 'NEXT_LOCALE', value: 'en', domain: host, path: '/' }]);
    try {
      for (let round = 0; round < 2; round += 1) {
        const [ptPage, enPage] = await Promise.all([pt.newPage(), en.newPage()]);
        await Promise.all([ptPage.goto(url), enPage.goto(url)]);
        await expect(ptPage.getByRole('heading', { level: 1 })).toHaveText('Resultados da Busca');
        await expect(ptPage.locator('html')).toHaveAttribute('lang', 'pt-BR');
        await expect(enPage.getByRole('heading', { level: 1 })).toHaveText('Search Results');
        await expect(enPage.locator('html')).toHaveAttribute('lang', 'en');
        expect(new URL(enPage.url()).pathname).toBe('/search');
        await Promise.all([ptPage.close(), enPage.close()]);
      }
    } finally {
      await Promise.all([pt.close(), en.close()]);
    }
  });

  test('a cached page keeps being served while the anime database answers 504', async ({ request }) => {
    const term = uniqueTerm('death note');
    const url = `/search?q=${encodeURIComponent(term)}&view=list`;
    const good = await request.get(url, { headers: EN });
    expect(good.status()).toBe(200);
    const fault = await fake.setFault({ service: 'jikan', mode: '504' });
    try {
      const during = await request.get(url, { headers: EN });
      expect(during.status()).toBe(200);
      expect(await during.text()).toBe(await good.text());
      expect(await during.text()).toContain('No anime found');
      expect(await during.text()).not.toContain('role="alert"');
    } finally {
      await fake.clearFault(fault);
    }
  });

  test('an unknown locale in the path or a tampered cookie never reaches a page of its own', async ({
    request,
  }) => {
    expect((await request.get('/xx/explore', { headers: PT })).status()).toBe(404);
    expect((await request.get('/pt/explore', { headers: PT })).status()).toBe(404);
    const tampered = await request.get('/explore', { headers: { Cookie: 'NEXT_LOCALE=../../etc' } });
    expect(tampered.status()).toBe(200);
    expect(await tampered.text()).toContain('lang="pt-BR"');
  });

  test('static shells (lists, settings) are served from the build, per language', async ({ request }) => {
    const pt = await request.get('/settings', { headers: PT });
    const en = await request.get('/settings', { headers: EN });
    expect(pt.headers()['x-nextjs-cache']).toBe('HIT');
    expect(await pt.text()).toContain('lang="pt-BR"');
    expect(await en.text()).toContain('lang="en"');
  });
});

test.describe('covers and build files', () => {
  test('a cover is optimised to AVIF, or WebP for a browser without it, and kept by browsers and the edge for a day', async ({
    request,
  }) => {
    // A cover no page shows (the fake draws any numbered one), so no other test asks for it.
    const path = `/images/cover/${Date.now() % 1_000_000_000}${test.info().workerIndex}l.png`;
    const url = `/_next/image?url=${encodeURIComponent(`${FAKE_URL}${path}`)}&w=384&q=75`;
    const avif = await request.get(url, { headers: { Accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
    expect(avif.status()).toBe(200);
    expect(avif.headers()['content-type']).toBe('image/avif');
    expect(avif.headers()['cache-control']).toMatch(/public, max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(avif.headers()['cache-control'] ?? '')?.[1])).toBeGreaterThanOrEqual(86_400);
    expect(avif.headers()['content-security-policy']).toContain("default-src 'none'");

    const webp = await request.get(url, { headers: { Accept: 'image/webp,*/*' } });
    expect(webp.headers()['content-type']).toBe('image/webp');
    expect(webp.headers()['vary']).toMatch(/Accept/i);
  });

  test('a cover the image host failed to give is not kept: once the host is back, the cover is shown', async ({
    request,
  }) => {
    const path = `/images/cover/${Date.now() % 1_000_000_000}${test.info().workerIndex}7l.png`;
    const url = `/_next/image?url=${encodeURIComponent(`${FAKE_URL}${path}`)}&w=256&q=75`;
    const accept = { Accept: 'image/avif,image/webp,*/*' };
    const fault = await fake.setFault({ service: 'images', mode: '500', match: path });
    try {
      const failed = await request.get(url, { headers: accept });
      expect(failed.status()).toBeGreaterThanOrEqual(400);
    } finally {
      await fake.clearFault(fault);
    }
    const good = await request.get(url, { headers: accept });
    expect(good.status()).toBe(200);
    expect(good.headers()['content-type']).toBe('image/avif');
    expect(await fake.calls({ service: 'images', match: path })).toHaveLength(2);
  });

  test('a build file is kept forever by browsers and sent compressed', async ({ request }) => {
    const html = await (await request.get('/', { headers: { Cookie: 'NEXT_LOCALE=en' } })).text();
    const script = /\/_next\/static\/chunks\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const plain = await request.get(script!, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()['cache-control']).toContain('immutable');
    const gzip = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(await gzip.body()).toEqual(await plain.body());
  });
});

import { expect, test } from '@playwright/test';
import { ID_ADULT, ID_ADULT_MILD, ID_ADULT_OVA } from './fake-upstream/fixtures.mjs';
import { startPrivateStack, type PrivateStack } from './discovery/private-stack';

/**
 * The sitemap lists the anime pages the server knows to be safe for anyone (app/sitemap.ts,
 * lib/sitemap): records it fetched and kept, adult ones left out; robots.txt names it. A private
 * server, so that what it lists is what this test made it learn.
 */
test.describe.configure({ mode: 'serial' });

const SITE = 'https://anime.example';
let stack: PrivateStack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A short cache life: the list of ids is read again a second after the records are written.
  stack = await startPrivateStack({ SITE_URL: SITE, CACHE_TTL_MS: '1000' });
});

test.afterAll(async () => {
  await stack?.close();
});

test('robots.txt names the sitemap, which lists the safe anime pages and no adult one', async ({
  request,
}) => {
  test.setTimeout(90_000);
  // What the server learns: a season (adult records among them) and two records by id.
  const season = await request.get(`${stack.appUrl}/api/anime/season`);
  expect(season.status()).toBe(200);
  const shown = ((await season.json()) as { data: { id: number }[] }).data.map((anime) => anime.id);
  expect(shown.length).toBeGreaterThan(0);
  for (const id of [20, ID_ADULT, ID_ADULT_OVA]) {
    expect((await request.get(`${stack.appUrl}/api/anime/${id}`)).status()).toBe(200);
  }

  const robots = await (await request.get(`${stack.appUrl}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap/0.xml`);

  let listed: number[] = [];
  let paths: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`${stack.appUrl}/sitemap/0.xml`);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toContain('xml');
        const xml = await response.text();
        paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
          const url = new URL(match[1]!);
          expect(url.origin).toBe(SITE);
          return url.pathname;
        });
        listed = paths.flatMap((pathname) => {
          const id = /^\/anime\/(\d+)$/.exec(pathname)?.[1];
          return id ? [Number(id)] : [];
        });
        return [20, ...shown].every((id) => listed.includes(id));
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  for (const adult of [ID_ADULT, ID_ADULT_MILD, ID_ADULT_OVA]) expect(listed).not.toContain(adult);
  expect(listed.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
  // Besides anime pages, the first part lists the season archive, and nothing else.
  expect(paths).toContain('/season/2023/fall');
  expect(paths).toContain('/season/1917/winter');
  expect(
    paths.filter(
      (pathname) =>
        !/^\/anime\/\d+$/.test(pathname) && !/^\/season\/\d{4}\/(winter|spring|summer|fall)$/.test(pathname),
    ),
  ).toEqual([]);
  // Past the last part: not found.
  expect((await request.get(`${stack.appUrl}/sitemap/1.xml`)).status()).toBe(404);
});

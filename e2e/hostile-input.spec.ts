import type { APIRequestContext, Page } from '@playwright/test';
import { cleanText } from '../lib/utils/clean-text';
import { startPrivateStack, visitorAddress, type PrivateStack } from './discovery/private-stack';
import { expect, test } from './support';

/**
 * Hostile input: every page route and every API parameter with invalid ids, very long
 * text, markup, Unicode edge cases, repeated and array-ish parameters and out-of-range numbers.
 * Nothing may answer 5xx, no markup may come back unescaped (in the HTML nor in the DOM), the page
 * says what is wrong where it shows a message, and invalid input never reaches the anime database.
 *
 * A private stack (its own fake upstream and `next start`) makes the upstream call log ours alone:
 * on the shared server, other specs' calls would blur "no call for this input".
 */

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
const LONG = 'a'.repeat(10_000);

/** Ids that are not MyAnimeList ids, as they would be typed into a URL path or query (encoded). */
const INVALID_IDS = [
  'abc',
  '-1',
  '0',
  '1e3',
  '99999999999',
  '1.5',
  '%201', // ' 1'
  '%00',
  '..%2F1', // '../1' (unencoded, the browser resolves it before asking)
  '%EF%BC%91%EF%BC%92%EF%BC%93', // full-width '１２３'
  '%ED%A0%80', // a lone surrogate, as UTF-8 bytes no decoder accepts
  encodeURIComponent(SCRIPT),
  encodeURIComponent(LONG),
  '01',
  '1%20',
  '0x10',
];

/** Out-of-range or malformed page numbers and limits. */
const INVALID_NUMBERS = [
  '0',
  '-1',
  'abc',
  '1e3',
  '1.5',
  '99999999999',
  '%EF%BC%91',
  '%00',
  '%201x',
  encodeURIComponent(SCRIPT),
];

/** Text that is valid to search for (it reaches the database URL-encoded) but must never come back raw. */
const HOSTILE_TEXT = [
  SCRIPT,
  ATTRIBUTE,
  'Naruto\u202Eotuan', // right-to-left override
  'a\u200Db\u200Dc', // zero-width joiners
  '👋🏽 naruto', // emoji with a skin-tone modifier
  'Nar\u0303u\u0301to', // combining marks
  'naruto&page=999&limit=99', // parameter injection into the upstream URL
  '１２３',
];

/** Text that is not a search at all: nothing but controls, or nothing left once they go. */
const BLANK_TEXT = ['%00', '%00%01%1F', '%E2%80%AE', '%20%20', '%09%0A'];

let stack: PrivateStack;

// In order, in one worker (one private stack); a failure does not skip the rest.
test.describe.configure({ mode: 'default' });

// The default budgets. Each test is a visitor of its own, as behind the shipped nginx (one trusted
// hop): its page and API requests name its own address, so one test's searches never spend the
// budget of the next.
test.use({
  extraHTTPHeaders: async ({}, provide) => {
    await provide({ 'X-Forwarded-For': visitorAddress() });
  },
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startPrivateStack({ TRUSTED_PROXY_HOPS: '1' });
});

test.afterAll(async () => {
  await stack?.close();
});

/** Every upstream call (any service) since `since`. */
async function upstreamCalls(since: number) {
  return stack.fake.calls({ since });
}

/**
 * Upstream calls since `since` that input can cause: searches, details, episodes, translations.
 * In a browser, Next prefetches the header's links (home, Explore), whose fixed listings are no
 * one's input; API-only checks use upstreamCalls, which counts everything.
 */
async function inputCalls(since: number) {
  return (await upstreamCalls(since)).filter(
    (call) => call.service !== 'jikan' || /^\/jikan\/v4\/anime(\/|$)/.test(call.path),
  );
}

/**
 * Answers must never be 5xx; returns the answer (after redirects: an undecodable page path is sent
 * to its well-formed form first, see proxy.ts) for further checks.
 */
async function get(request: APIRequestContext, path: string) {
  const response = await request.get(`${stack.appUrl}${path}`);
  expect(response.status(), `${path} answered ${response.status()}`).toBeLessThan(500);
  return response;
}

/** An HTML answer that never carries the hostile text raw. */
async function expectNoReflection(request: APIRequestContext, path: string, raw: string[]) {
  const response = await get(request, path);
  const body = await response.text();
  for (const text of raw) expect(body, `${path} reflects ${text}`).not.toContain(text);
  return response;
}

/**
 * In the browser: no injected element exists and nothing ran (alert is hooked). The text may sit
 * inside Next's own inline data scripts, escaped in a string literal; a script of its own may not.
 */
async function expectCleanDom(page: Page) {
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"], [onerror]').length,
    scripts: [...document.scripts].filter((script) => script.textContent?.trim() === 'alert(1)').length,
    fired: (window as unknown as { __alerted?: number }).__alerted ?? 0,
  }));
  expect(injected).toEqual({ images: 0, scripts: 0, fired: 0 });
}

test.beforeEach(async ({ page }) => {
  // The season check of the notifications (once a day, in the background) would call the database
  // on any page: mark it done today, so every upstream call in the log is one a test caused.
  await page.addInitScript(() => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    localStorage.setItem('lastSeasonCheck', today);
    const w = window as unknown as { __alerted: number };
    w.__alerted = 0;
    window.alert = () => void (w.__alerted += 1);
  });
  page.on('dialog', (dialog) => void dialog.dismiss());
});

test.describe('API routes', () => {
  test('/api/anime/{id} refuses every invalid id with 400 INVALID_ID and no upstream call', async ({
    request,
  }) => {
    const since = Date.now();
    for (const id of INVALID_IDS) {
      const response = await get(request, `/api/anime/${id}`);
      // '../1' may be resolved by the router itself (404); anything else is the route's 400.
      expect([400, 404], `/api/anime/${id}`).toContain(response.status());
      if (response.status() === 400) {
        // An undecodable path is refused before routing (proxy.ts), as input, not as an id.
        expect(['INVALID_ID', 'INVALID_INPUT']).toContain((await response.json()).error.code);
      }
      expect(await response.text()).not.toContain('<script');
    }
    expect(await upstreamCalls(since)).toEqual([]);
  });

  test('/api/streaming/episodes refuses invalid, missing, repeated-invalid and array-ish ids', async ({
    request,
  }) => {
    const since = Date.now();
    const queries = [
      ...INVALID_IDS.map((id) => `id=${id}`),
      '',
      'id=',
      'id[]=1',
      'id=abc&id=1',
      `title=${encodeURIComponent('Naruto')}`,
    ];
    for (const query of queries) {
      const response = await get(request, `/api/streaming/episodes?${query}`);
      expect(response.status(), query).toBe(400);
      expect((await response.json()).error.code).toBe('INVALID_ID');
    }
    expect(await upstreamCalls(since)).toEqual([]);
  });

  test('listing routes refuse bad page and limit values with 400 and no upstream call', async ({
    request,
  }) => {
    const since = Date.now();
    const routes = [
      '/api/anime/top',
      '/api/anime/season',
      '/api/anime/popular',
      '/api/anime/search?q=naruto&',
    ];
    for (const route of routes) {
      const join = route.endsWith('&') ? '' : '?';
      for (const value of [...INVALID_NUMBERS, '1001']) {
        const response = await get(request, `${route}${join}page=${value}`);
        expect(response.status(), `${route} page=${value}`).toBe(400);
        const body = await response.json();
        expect(body.error.code).toBe('INVALID_INPUT');
        expect(JSON.stringify(body)).not.toContain('alert(1)');
      }
      if (route.includes('search')) continue;
      for (const value of [...INVALID_NUMBERS, '26', '-25']) {
        const response = await get(request, `${route}${join}limit=${value}`);
        expect(response.status(), `${route} limit=${value}`).toBe(400);
      }
    }
    expect(await upstreamCalls(since)).toEqual([]);
  });

  test('search and suggest refuse 10 000 characters and treat control-only text as no search', async ({
    request,
  }) => {
    const since = Date.now();
    for (const route of ['/api/anime/search', '/api/anime/suggest']) {
      const long = await get(request, `${route}?q=${LONG}`);
      expect(long.status()).toBe(400);
      expect(JSON.stringify(await long.json())).not.toContain(LONG.slice(0, 300));
      for (const blank of [...BLANK_TEXT, '', '%E2%80%8B']) {
        const response = await get(request, `${route}?q=${blank}`);
        expect(response.status(), `${route}?q=${blank}`).toBe(200);
        expect((await response.json()).data).toEqual([]);
      }
      // An array-ish parameter is not the parameter.
      const arrayish = await get(request, `${route}?q[]=naruto`);
      expect((await arrayish.json()).data).toEqual([]);
    }
    for (const name of ['genres', 'order_by', 'sort', 'type', 'status']) {
      const response = await get(request, `/api/anime/search?q=naruto&${name}=${LONG}`);
      expect(response.status(), name).toBe(400);
    }
    expect(await upstreamCalls(since)).toEqual([]);
  });

  test('hostile search text reaches the database URL-encoded, exactly as typed, and comes back as JSON', async ({
    request,
  }) => {
    for (const text of HOSTILE_TEXT) {
      const since = Date.now();
      const response = await get(request, `/api/anime/search?q=${encodeURIComponent(text)}`);
      expect(response.status(), text).toBe(200);
      expect(response.headers()['content-type']).toContain('application/json');
      const calls = (await upstreamCalls(since)).filter((call) => call.path.endsWith('/anime'));
      expect(calls, text).toHaveLength(1);
      // No parameter smuggled into the database URL: the text is q, whole (cleaned of invisible
      // controls; the cache key is case-folded); page and limit are ours.
      expect(calls[0]!.query.q).toBe(cleanText(text).toLowerCase());
      expect(calls[0]!.query.page ?? '1').toBe('1');
      expect(Number(calls[0]!.query.limit ?? 25)).toBeLessThanOrEqual(25);
    }
  });

  test('repeated parameters: the first one counts; unknown names and enum values are dropped', async ({
    request,
  }) => {
    const since = Date.now();
    const response = await get(
      request,
      `/api/anime/search?q=naruto&q=${encodeURIComponent(SCRIPT)}&page=1&page=999999&order_by=${encodeURIComponent(SCRIPT)}&sort=%00&type=x&status=..%2F&genres=1,abc,${encodeURIComponent(SCRIPT)}&adult=true&sfw=false`,
    );
    expect(response.status()).toBe(200);
    const calls = (await upstreamCalls(since)).filter((call) => call.path.endsWith('/anime'));
    expect(calls).toHaveLength(1);
    const query = calls[0]!.query;
    expect(query.q).toBe('naruto');
    expect(query.page ?? '1').toBe('1');
    expect(calls[0]!.url).not.toContain('alert');
    expect(query.genres ?? '1').toBe('1');
    expect(query.sfw ?? 'true').not.toBe('false');
  });
});

test.describe('pages', () => {
  test('/anime/{id} and /anime/{id}/edit: invalid ids are "not found" (404) with no upstream call', async ({
    page,
    request,
  }) => {
    const since = Date.now();
    for (const id of INVALID_IDS) {
      for (const suffix of ['', '/edit']) {
        const response = await expectNoReflection(request, `/anime/${id}${suffix}`, [SCRIPT]);
        expect(response.status(), `/anime/${id}${suffix}`).toBe(404);
      }
    }
    // The share preview image of a detail page too.
    for (const id of ['abc', '0', '99999999999', '%00', '%ED%A0%80']) {
      await get(request, `/api/card/pt/anime/${id}`);
    }
    expect(await upstreamCalls(since)).toEqual([]);
    for (const id of ['abc', '%ED%A0%80', encodeURIComponent(ATTRIBUTE)]) {
      await page.goto(`${stack.appUrl}/anime/${id}`);
      await expect(
        page.getByRole('heading', { name: /Anime não encontrado|Página não encontrada/ }),
      ).toBeVisible();
      await expectCleanDom(page);
    }
    expect(await inputCalls(since)).toEqual([]);
  });

  test('/search shows hostile text escaped, never as markup, and searches for exactly it', async ({
    page,
    request,
  }) => {
    for (const text of HOSTILE_TEXT) {
      const path = `/search?q=${encodeURIComponent(text)}`;
      await expectNoReflection(request, path, [SCRIPT, ATTRIBUTE]);
      await page.goto(`${stack.appUrl}${path}`);
      await expect(page.getByText('Buscando por:')).toContainText(cleanText(text));
      await expect(page.locator('main')).toBeVisible();
      await expectCleanDom(page);
    }
    // The search box echoes it as a value, not as markup.
    await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(ATTRIBUTE)}`);
    await expect(page.getByText('Buscando por:')).toContainText(ATTRIBUTE);
    await expectCleanDom(page);
  });

  test('/search: too long, blank, control-only, repeated and array-ish queries', async ({
    page,
    request,
  }) => {
    const since = Date.now();
    await get(request, `/search?q=${LONG}`);
    await page.goto(`${stack.appUrl}/search?q=${LONG}`);
    await expect(page.getByText('A busca é longa demais. Use no máximo 200 caracteres.')).toBeVisible();
    // The page repeats at most the start of it (shortened with an ellipsis), never all of it.
    expect(await page.locator('main').innerText()).not.toContain('a'.repeat(300));

    for (const blank of [...BLANK_TEXT, '']) {
      await page.goto(`${stack.appUrl}/search?q=${blank}`);
      await expect(page.getByText('Digite o nome de um anime na barra de busca para começar.')).toBeVisible();
    }
    await page.goto(`${stack.appUrl}/search?q[]=naruto`);
    await expect(page.getByText('Digite o nome de um anime na barra de busca para começar.')).toBeVisible();
    expect(await inputCalls(since)).toEqual([]);

    // Repeated: the first one counts. Junk sort and view fall back to the defaults.
    await page.goto(
      `${stack.appUrl}/search?q=naruto&q=${encodeURIComponent(SCRIPT)}&sort=${encodeURIComponent(SCRIPT)}&view=..%2F..%2F&page=-1`,
    );
    await expect(page.getByText('Buscando por:')).toContainText('naruto');
    await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('relevance');
    await expectCleanDom(page);
  });

  test('every page ignores hostile query parameters and junk paths answer 404', async ({ page, request }) => {
    const junk = `?q=${encodeURIComponent(SCRIPT)}&x=${encodeURIComponent(ATTRIBUTE)}&tab=${encodeURIComponent(SCRIPT)}&view=%00&id=-1&page=99999999999&limit=-5&q[]=x&%ED%A0%80=%ED%A0%80`;
    const pages = [
      '/',
      '/explore',
      '/plan-to-watch',
      '/watching',
      '/completed',
      '/dropped',
      '/on-hold',
      '/my-ratings',
      '/settings',
      '/test',
      '/anime/20',
      '/anime/20/edit',
    ];
    for (const path of pages) {
      const response = await expectNoReflection(request, `${path}${junk}`, [SCRIPT, ATTRIBUTE]);
      expect(response.status(), path).toBe(200);
    }
    for (const path of ['/explore', '/settings', '/my-ratings']) {
      await page.goto(`${stack.appUrl}${path}${junk}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectCleanDom(page);
    }
    // Junk in Explore's tab and view falls back to the defaults.
    await page.goto(`${stack.appUrl}/explore?tab=${encodeURIComponent(SCRIPT)}&view=${LONG}`);
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    // Settings: an unknown tab is the general tab.
    await page.goto(`${stack.appUrl}/settings?tab=${encodeURIComponent(ATTRIBUTE)}`);
    await expect(page.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
    await expectCleanDom(page);

    for (const path of [
      `/${encodeURIComponent(SCRIPT)}`,
      `/${encodeURIComponent(ATTRIBUTE)}`,
      '/%ED%A0%80',
      '/%00',
      `/${LONG}`,
      '/anime',
      '/anime/20/edit/extra',
      '/%E2%80%AEexplore',
    ]) {
      const response = await expectNoReflection(request, path, [SCRIPT, ATTRIBUTE]);
      expect(response.status(), path).toBe(404);
    }
  });
});

import type { Page } from '@playwright/test';
import {
  createGoogleUser,
  fakeGoogleClaims,
  idTokenFor,
  type EmulatorGoogleUser,
} from '../auth-emulator/client';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { cards } from '../discovery/helpers';
import { startPrivateStack, visitorHeaders, type PrivateStack } from '../discovery/private-stack';
import { expect, randomCase, test, useLanguage } from '../support';

/**
 * The adult gate of offline answers fails closed. bangumi-data (the offline catalogue) has no age
 * rating and no genres, so a record the server never fetched from the anime database carries no
 * adult facts: it is withheld from visitors and minors, with a count of what was withheld, and shown
 * to verified adults. Real MyAnimeList ids the catalogue has: kiss×sis 7593 (R+, Ecchi), its OAD
 * 5042, To LOVEる 3455 and its Darkness season 13663, Killing Bites 34964. The fake upstream has
 * none of them, and Naruto (20) with a PG-13 rating.
 *
 * Every offline cause is covered: the database answering 504, hanging past the timeout, a 429
 * back-off, and the limiter's queue past JIKAN_QUEUE_OFFLINE_MS. The stacks are private (their
 * own faults and a cold cache) and verify ID tokens against the suite's Auth emulator.
 */

const HIDDEN_IDS = [7593, 5042, 3455, 13663, 34964];
const QUERIES = ['kiss', 'to love', 'killing'];
const WITHHELD_TEXT = /\d+ resultados? ocultos? enquanto o serviço de animes está fora do ar/;

interface SearchAnswer {
  data: { id: number; adultFactsUnknown?: true }[];
  offline?: true;
  withheld?: number;
}

let counter = 0;
function adultUser(): EmulatorGoogleUser {
  counter += 1;
  const sub = `offline-adult-${Date.now()}-${process.pid}-${counter}`;
  return { sub, name: 'Olga Offline', email: `${sub}@example.com`, birthday: '1988-03-04' };
}

/**
 * A search no one made before (a miss), by `visitor` (visitorHeaders: the stacks trust one proxy
 * hop, and each check here is a fan of its own, with the default per-client budget).
 */
async function search(
  stack: PrivateStack,
  q: string,
  visitor: Record<string, string>,
  token?: string,
): Promise<SearchAnswer> {
  const response = await fetch(`${stack.appUrl}/api/anime/search?q=${encodeURIComponent(randomCase(q))}`, {
    headers: token ? { ...visitor, Authorization: `Bearer ${token}` } : visitor,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

/** An anonymous search answered offline: none of the unknown records, and the count withheld. */
async function expectVisitorGated(stack: PrivateStack) {
  const visitor = visitorHeaders();
  for (const q of QUERIES) {
    const answer = await search(stack, q, visitor);
    expect(answer.offline, q).toBe(true);
    expect(
      answer.data.map((anime) => anime.id).filter((id) => HIDDEN_IDS.includes(id)),
      q,
    ).toEqual([]);
    expect(
      answer.data.filter((anime) => anime.adultFactsUnknown),
      q,
    ).toEqual([]);
    expect(answer.withheld ?? 0, q).toBeGreaterThan(0);
  }
}

async function expectAdultSeesAll(stack: PrivateStack, token: string) {
  const ids = new Set<number>();
  const visitor = visitorHeaders();
  for (const q of QUERIES) {
    const answer = await search(stack, q, visitor, token);
    expect(answer.offline, q).toBe(true);
    expect(answer.withheld, q).toBeUndefined();
    for (const anime of answer.data) ids.add(anime.id);
  }
  for (const id of HIDDEN_IDS) expect([...ids]).toContain(id);
}

async function signIn(page: Page, user: EmulatorGoogleUser) {
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();
}

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .locator('a[href^="/anime/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/\/anime\/(\d+)/.exec(href)?.[1]));
}

test.describe('offline answers while the database fails', () => {
  test.describe.configure({ mode: 'serial' });

  let stack: PrivateStack;
  let adultToken: string;
  const adult = adultUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack({
      JIKAN_TIMEOUT_MS: '2500',
      // The default budgets, behind one trusted hop: each check is a visitor of its own.
      TRUSTED_PROXY_HOPS: '1',
      ...authServerEnv(),
    });
    await createGoogleUser(adult);
    adultToken = await idTokenFor(adult);
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('a visitor sees what the server knows is safe, and is told how many were hidden', async ({ page }) => {
    // While healthy, the server learns Naruto's rating (PG-13) from the database.
    const live = await search(stack, 'naruto', visitorHeaders());
    expect(live.offline).toBeUndefined();
    expect(live.data.map((anime) => anime.id)).toContain(20);

    const fault = await stack.fake.setFault({ service: 'jikan', mode: '504' });
    await expectVisitorGated(stack);

    // Naruto is known and safe: shown offline under the title the database gave it.
    const naruto = await search(stack, 'ナルト', visitorHeaders());
    expect(naruto.data.find((anime) => anime.id === 20)).toMatchObject({ id: 20, offline: true });

    await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(randomCase('kiss'))}`);
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    const notice = page.getByTestId('withheld-notice');
    await expect(notice).toHaveText(WITHHELD_TEXT);
    await expect(notice.getByRole('link', { name: 'Entrar para ver tudo' })).toHaveAttribute(
      'href',
      '/settings?tab=account',
    );
    for (const id of await cardIds(page)) expect(HIDDEN_IDS).not.toContain(id);
    await expect(page.locator('a[href="/anime/7593"]')).toHaveCount(0);

    await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(randomCase('ナルト'))}`);
    await expect(cards(page).filter({ has: page.locator('a[href="/anime/20"]') })).toHaveCount(1);

    await stack.fake.clearFault(fault);
  });

  test('a verified adult gets the records whose facts are unknown, on the API and the page', async ({
    page,
  }) => {
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '504' });
    await expectAdultSeesAll(stack, adultToken);

    await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(randomCase('kiss'))}`);
    await expect(page.getByTestId('withheld-notice')).toBeVisible();
    await signIn(page, adult);
    await expect(page.locator('a[href="/anime/7593"]').first()).toBeVisible();
    await expect(page.getByTestId('withheld-notice')).toHaveCount(0);
    await stack.fake.clearFault(fault);
  });

  test('the season listing withholds unknown records from a visitor and says so', async ({ page }) => {
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '503' });
    const response = await fetch(`${stack.appUrl}/api/anime/season?limit=25`);
    const answer = (await response.json()) as SearchAnswer;
    expect(answer.offline).toBe(true);
    expect(answer.data.filter((anime) => anime.adultFactsUnknown)).toEqual([]);
    expect(answer.withheld ?? 0).toBeGreaterThan(0);

    const asAdult = (await (
      await fetch(`${stack.appUrl}/api/anime/season?limit=25`, {
        headers: { Authorization: `Bearer ${adultToken}` },
      })
    ).json()) as SearchAnswer;
    expect(asAdult.data.length).toBeGreaterThan(answer.data.length);

    // Rendered pages are shared by every server of one build: the English grid is a view of the
    // season listing no other spec renders.
    await useLanguage(page, 'en');
    await page.goto(`${stack.appUrl}/explore?tab=seasonal&view=grid`);
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    await expect(page.getByTestId('withheld-notice')).toHaveText(
      /\d+ results? hidden while the anime service is down/,
    );
    await expect(
      page.getByTestId('withheld-notice').getByRole('link', { name: 'Sign in to see everything' }),
    ).toBeVisible();
    await stack.fake.clearFault(fault);
  });

  test('a detail stub whose classification cannot be checked shows no cover and says why', async ({
    page,
  }) => {
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '504' });
    // An id no page of this file links to: the fake upstream lacks it, and a prefetch answered
    // healthy would teach the server that it does not exist.
    const stub = (await (await fetch(`${stack.appUrl}/api/anime/13663`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(stub.data).toMatchObject({ id: 13663, adult: true, unverified: true });
    expect(stub.data).not.toHaveProperty('images');

    await page.goto(`${stack.appUrl}/anime/13663`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ダークネス');
    const banner = page.getByTestId('unverified-banner');
    await expect(banner).toContainText('Classificação indisponível');
    await expect(banner).toContainText('Não é possível verificar agora a classificação etária deste anime');
    await expect(page.getByTestId('adult-banner')).toHaveCount(0);
    await expect(page.locator('article img')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Onde assistir' })).toHaveCount(0);

    // The full offline record for a verified adult.
    await signIn(page, adult);
    await expect(page.getByTestId('adult-detail-full')).toBeVisible();
    await stack.fake.clearFault(fault);
  });

  test('with the database hanging past the timeout, the gate holds', async () => {
    test.setTimeout(90_000);
    const fault = await stack.fake.setFault({ service: 'jikan', mode: 'hang' });
    await expectVisitorGated(stack);
    await expectAdultSeesAll(stack, adultToken);
    await stack.fake.clearFault(fault);
  });

  // Last: the back-off outlives the fault.
  test('during a 429 back-off, the gate holds', async () => {
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '429', retryAfter: 120 });
    await expectVisitorGated(stack);
    await expectAdultSeesAll(stack, adultToken);
    await stack.fake.clearFault(fault);
  });
});

test.describe('offline answers while the limiter queue is long', () => {
  test.describe.configure({ mode: 'serial' });

  let stack: PrivateStack;
  let adultToken: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack({
      JIKAN_MIN_INTERVAL_MS: '3000',
      JIKAN_TIMEOUT_MS: '60000',
      // The default budgets, behind one trusted hop: the busy searches are six visitors.
      TRUSTED_PROXY_HOPS: '1',
      ...authServerEnv(),
    });
    const adult = adultUser();
    await createGoogleUser(adult);
    adultToken = await idTokenFor(adult);
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('queued past the threshold, a visitor gets no record whose facts are unknown', async () => {
    test.setTimeout(120_000);
    const since = Date.now();
    // Searches the catalogue cannot answer keep the limiter busy (one turn every 3 s).
    const busy = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fetch(`${stack.appUrl}/api/anime/search?q=busy-${since}-${i}`, { headers: visitorHeaders() }).then(
          (r) => r.status,
        ),
      ),
    );
    await expect
      .poll(async () => (await stack.fake.calls({ service: 'jikan', since, match: 'q=busy' })).length)
      .toBeGreaterThan(0);
    await expectVisitorGated(stack);
    await expectAdultSeesAll(stack, adultToken);
    await busy;
  });
});

import type { Page } from '@playwright/test';
import {
  createGoogleUser,
  fakeGoogleClaims,
  idTokenFor,
  type EmulatorGoogleUser,
} from '../auth-emulator/client';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, test, useLanguage } from '../support';

/**
 * The detail page's relatives: related titles by kind (server-rendered), the franchise in watch
 * order (learnt one record per visit, kept for everyone), the cast with voice actors, the adult
 * gate over all of them, and each during the anime database's 504 outage. The fake upstream links
 * its records as MyAnimeList does (e2e/fake-upstream/README.md "Relations"): Naruto (20) → Sequel
 * Naruto: Shippuuden (1735); Clannad's four (2167, 4059, 4181, 6351); Sword Art Online's (11757)
 * recorded cast. One private stack, cold and with its own faults and database, in order.
 */

const CLANNAD_ORDER = [
  'Clannad',
  'Clannad: Mou Hitotsu no Sekai, Tomoyo-hen',
  'Clannad: After Story',
  'Clannad: After Story - Mou Hitotsu no Sekai, Kyou-hen',
];

let counter = 0;
function adultUser(): EmulatorGoogleUser {
  counter += 1;
  const sub = `related-adult-${Date.now()}-${process.pid}-${counter}`;
  return { sub, name: 'Rita Related', email: `${sub}@example.com`, birthday: '1985-06-07' };
}

async function signIn(page: Page, user: EmulatorGoogleUser) {
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();
}

const franchiseItems = (page: Page) => page.getByTestId('franchise-list').getByTestId('related-item');

test.describe('related titles, franchise and cast', () => {
  test.describe.configure({ mode: 'serial' });

  let stack: PrivateStack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack(authServerEnv());
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the sequel is a link on the page, with JavaScript on', async ({ page }) => {
    // Another fan opened Shippuuden before: its record (and so its age rating) is known.
    expect((await fetch(`${stack.appUrl}/api/anime/1735`)).status).toBe(200);
    await page.goto(`${stack.appUrl}/anime/20`);
    const sequels = page.getByTestId('relation-sequel');
    await expect(sequels.getByRole('heading', { name: 'Sequência' })).toBeVisible();
    await sequels.getByRole('link', { name: 'Naruto: Shippuuden' }).click();
    await expect(page).toHaveURL(/\/anime\/1735$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Naruto: Shippuuden' })).toBeVisible();
    // Adaptations are named apart, as text.
    await expect(page.getByTestId('adaptations')).toContainText('Adaptações');
  });

  test('the sequel is a link in the HTML itself, with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/anime/20`);
    const link = page.getByTestId('relation-sequel').getByRole('link', { name: 'Naruto: Shippuuden' });
    await expect(link).toHaveAttribute('href', '/anime/1735');
    await expect(page.getByTestId('relation-sequel')).toContainText('TV');
    await context.close();
  });

  test('a franchise of four seen from its third: all four in release order after a few visits, the completed one marked', async ({
    page,
  }) => {
    await page.goto(`${stack.appUrl}/not-a-page-seed`);
    await page.evaluate(() => {
      localStorage.setItem('completedList', JSON.stringify([2167]));
      localStorage.setItem('animeRating_2167', JSON.stringify({ rating: 4, opinion: '' }));
    });
    const since = Date.now();
    await page.goto(`${stack.appUrl}/anime/4181`);
    // The first visit knows the anime's own record and learns one more: the list says it grows.
    await expect(page.getByTestId('franchise-incomplete')).toHaveText(
      'Mais títulos desta franquia aparecem conforme são carregados.',
    );
    let visits = 1;
    await expect(async () => {
      if ((await franchiseItems(page).count()) < 4) {
        visits += 1;
        await page.reload();
      }
      await expect(franchiseItems(page)).toHaveCount(4, { timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    expect(visits).toBeLessThanOrEqual(4);
    await expect(page.getByTestId('franchise-incomplete')).toHaveCount(0);

    const titles = await franchiseItems(page).locator('a, [aria-current="page"]').allTextContents();
    expect(titles).toEqual(CLANNAD_ORDER);
    const current = franchiseItems(page).nth(2);
    await expect(current.locator('[aria-current="page"]')).toHaveText('Clannad: After Story');
    await expect(current.getByTestId('current-entry')).toHaveText('Você está aqui');
    const completed = franchiseItems(page).nth(0);
    await expect(completed.getByTestId('fan-state')).toContainText('Completo');
    await expect(completed.getByTestId('fan-state')).toContainText('4');

    // Each record was asked of the anime database once, whatever the number of visits.
    const fulls = (await stack.fake.calls({ service: 'jikan', since })).filter((call) =>
      /^\/jikan\/v4\/anime\/(2167|4059|4181|6351)\/full$/.test(call.path),
    );
    expect(fulls.map((call) => call.path).sort()).toEqual(
      ['2167', '4059', '4181', '6351'].map((id) => `/jikan/v4/anime/${id}/full`),
    );
  });

  test('the cast: main characters with the Japanese voice and the dub of the page’s language', async ({
    page,
  }) => {
    await page.goto(`${stack.appUrl}/anime/11757`);
    const kirito = page.getByTestId('character').filter({ hasText: 'Kirigaya, Kazuto' });
    await expect(kirito).toContainText('Principal');
    await expect(kirito.getByTestId('voice-actor')).toHaveText(['Japonês: Matsuoka, Yoshitsugu']);

    await useLanguage(page, 'en');
    await page.goto(`${stack.appUrl}/anime/11757`);
    const inEnglish = page.getByTestId('character').filter({ hasText: 'Kirigaya, Kazuto' });
    await expect(inEnglish).toContainText('Main');
    await expect(inEnglish.getByTestId('voice-actor')).toHaveText([
      'English: Papenbrook, Bryce',
      'Japanese: Matsuoka, Yoshitsugu',
    ]);
  });

  test('no adult title for a visitor; a verified adult sees it', async ({ page }) => {
    // Yoru no Toshokan (90107, PG-13) has the Rx OVA Velvet Midnight (90113) as a side story.
    const html = await (await fetch(`${stack.appUrl}/anime/90107`)).text();
    expect(html).not.toContain('Velvet Midnight');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/anime/90107/franchise'));
    await page.goto(`${stack.appUrl}/anime/90107`);
    await (await answer).finished();
    await expect(page.getByRole('heading', { level: 1, name: 'Yoru no Toshokan' })).toBeVisible();
    await expect(page.getByText('Velvet Midnight')).toHaveCount(0);
    const asVisitor = (await (await fetch(`${stack.appUrl}/api/anime/90107/franchise`)).json()) as {
      data: { entries: { id: number }[]; related: { id: number }[] };
    };
    expect([...asVisitor.data.entries, ...asVisitor.data.related].map((card) => card.id)).not.toContain(
      90113,
    );

    const adult = adultUser();
    await createGoogleUser(adult);
    await signIn(page, adult);
    await expect(
      page.getByTestId('relation-sideStory').getByRole('link', { name: 'Velvet Midnight' }),
    ).toBeVisible();
    await expect(franchiseItems(page).filter({ hasText: 'Velvet Midnight' })).toHaveCount(1);
    const token = await idTokenFor(adult);
    const asAdult = await fetch(`${stack.appUrl}/api/anime/90107/franchise`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(asAdult.headers.get('cache-control')).toBe('private, no-store');
  });

  test('during a 504 outage each section answers its stored copy, or says it cannot load', async ({
    page,
  }) => {
    // A new server process first (up to two minutes on a busy machine), then three pages.
    test.setTimeout(180_000);
    // A restart forgets the hot cache: what answers now is what the database kept. Kept copies
    // older than a second are past their life, so the anime database is asked (and fails).
    await stack.restartApp({ CACHE_TTL_MS: '1000', ...authServerEnv() });
    const fault = await stack.fake.setFault({ service: 'jikan', mode: '504' });
    try {
      await page.goto(`${stack.appUrl}/anime/4181`);
      await expect(page.getByTestId('franchise-stored')).toBeVisible({ timeout: 30_000 });
      expect(await franchiseItems(page).locator('a, [aria-current="page"]').allTextContents()).toEqual(
        CLANNAD_ORDER,
      );

      await page.goto(`${stack.appUrl}/anime/11757`);
      await expect(page.getByTestId('cast-stored')).toHaveText(
        'O banco de dados de anime não respondeu agora: esta é a cópia guardada.',
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('character').filter({ hasText: 'Kirigaya, Kazuto' })).toBeVisible();

      // Clannad's record was kept (the franchise learnt it), its cast never fetched: the section
      // says so, and ends.
      await page.goto(`${stack.appUrl}/anime/2167`);
      await expect(page.getByRole('heading', { level: 1, name: 'Clannad' })).toBeVisible();
      await expect(page.getByTestId('cast-unavailable')).toHaveText(
        'Não foi possível carregar o elenco agora. Tente novamente mais tarde.',
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('cast')).toHaveAttribute('aria-busy', 'false');
      const cast = await fetch(`${stack.appUrl}/api/anime/2167/cast`);
      expect(cast.status).toBe(200);
      expect(cast.headers.get('cache-control')).toContain('no-store');

      // The database answers again: 'Tentar novamente' asks once more, and the section fills in.
      await stack.fake.clearFault(fault);
      await page.getByTestId('cast').getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByTestId('cast-unavailable')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('cast')).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByTestId('cast').getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
    } finally {
      await stack.fake.clearFault(fault);
    }
  });
});

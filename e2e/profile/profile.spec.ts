import type { Browser, Page } from '@playwright/test';
import {
  createGoogleUser,
  fakeGoogleClaims,
  idTokenFor,
  type EmulatorGoogleUser,
} from '../auth-emulator/client';
import { seedStorage, snapshot } from '../personal/seed';
import { expect, test, useLanguage as setLanguage } from '../support';

/**
 * A fan's public profile (/u/{handle}), opt-in from Settings › Conta, against the Firebase Auth
 * emulator: the owner signs in and chooses what is public; visitors are other browser contexts.
 */

const FMA = 121;
const NARUTO = 20;
const DEATH_NOTE = 1535; // on the owner's Watching list, which stays private
const ADULT = 90105; // "Akai Yokujou", Rx - Hentai
const OPINION = '<script>alert(1)</script> Obra-prima! https://evil.example/x';

let counter = 0;
function uniqueUser(name: string): EmulatorGoogleUser {
  counter += 1;
  const sub = `profile-${Date.now()}-${process.pid}-${counter}`;
  return {
    sub,
    name,
    email: `${sub}@example.com`,
    birthday: '1990-01-01',
    picture: `https://photos.example/${sub}.jpg`,
  };
}

let clock = Date.now();
const stamp = () => `${String((clock += 1)).padStart(13, '0')}-0000-e2eprofl`;
const rating = (id: number, stars: number, opinion: string) => ({
  kind: 'rating',
  key: String(id),
  hlc: stamp(),
  deleted: false,
  data: { rating: stars, opinion, ratedAt: null, snapshot: null },
});
const listed = (id: number, list: string) => ({
  kind: 'list',
  key: String(id),
  hlc: stamp(),
  deleted: false,
  data: { list, progress: 1, startedAt: null, finishedAt: null, snapshot: null },
});

/** The owner's synced library, and the records the server keeps of each anime in it. */
async function seedLibrary(user: EmulatorGoogleUser, baseURL: string) {
  for (const id of [FMA, NARUTO, DEATH_NOTE, ADULT]) {
    expect((await fetch(`${baseURL}/api/anime/${id}`)).status).toBeLessThan(500);
  }
  const token = await idTokenFor(user);
  const response = await fetch(`${baseURL}/api/library`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      epoch: null,
      changes: [
        rating(NARUTO, 4, ''),
        rating(ADULT, 5, 'segredo adulto'),
        rating(FMA, 5, OPINION),
        listed(FMA, 'COMPLETED'),
        listed(ADULT, 'COMPLETED'),
        listed(DEATH_NOTE, 'WATCHING'),
      ],
    }),
  });
  expect(response.status).toBe(200);
}

async function signIn(page: Page, user: EmulatorGoogleUser) {
  await page.goto('/');
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible({ timeout: 30_000 });
}

async function profileSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const section = page.getByTestId('profile-settings');
  await expect(section.getByRole('textbox', { name: 'Nome de usuário' })).toBeVisible({ timeout: 30_000 });
  return section;
}

/** The Perfil público section in both themes and languages, at 390 and 1280 px; back to pt, light. */
async function settingsScreenshots(page: Page, outputPath: (name: string) => string) {
  for (const locale of ['pt', 'en'] as const) {
    for (const theme of ['light', 'dark']) {
      await setLanguage(page, locale);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/settings');
      await page.getByRole('tab', { name: locale === 'pt' ? 'Conta' : 'Account' }).click();
      const section = page.getByTestId('profile-settings');
      await expect(section.getByRole('textbox').first()).toHaveValue(/.+/, { timeout: 30_000 });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await section.screenshot({ path: outputPath(`settings-${locale}-${theme}-${width}.png`) });
      }
    }
  }
  await setLanguage(page, 'pt');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

/** Everything a visitor's browser receives for a page: the HTML (with its flight data) and the RSC answer. */
async function everythingSent(baseURL: string, path: string): Promise<string> {
  const html = await (await fetch(`${baseURL}${path}`)).text();
  const rsc = await (await fetch(`${baseURL}${path}`, { headers: { RSC: '1' } })).text();
  return `${html}\n${rsc}`;
}

test.describe('public profile', () => {
  test.describe.configure({ timeout: 360_000 });

  test('create, visit (private list, adult titles and identity withheld), compare, rename, hide, delete', async ({
    browser,
    page,
    baseURL,
  }) => {
    const user = uniqueUser('Dona Perfil');
    await createGoogleUser(user);
    await seedLibrary(user, baseURL!);
    const handle = `Fan_${counter}${String(Date.now()).slice(-6)}`;
    const renamed = `${handle}-b`;

    await signIn(page, user);
    let section = await profileSettings(page);
    await section.getByRole('textbox', { name: 'Nome de usuário' }).fill(handle);
    await section.getByRole('textbox', { name: 'Nome de exibição (opcional)' }).fill('Ana Perfil');
    await section.getByRole('checkbox', { name: 'Lista "Completados"' }).check();
    await expect(section.getByRole('checkbox', { name: 'Lista "Assistindo"' })).not.toBeChecked();
    await section.getByRole('button', { name: 'Criar perfil' }).click();
    await expect(section.getByRole('link', { name: `Ver meu perfil: /u/${handle}` })).toBeVisible();
    await settingsScreenshots(page, test.info().outputPath.bind(test.info()));

    // A visitor reads it, server-rendered.
    const guest = await visitor(browser);
    const response = await guest.page.goto(`/u/${handle.toLowerCase()}`);
    expect(response?.status()).toBe(200);
    await expect(guest.page.getByRole('heading', { level: 1, name: 'Ana Perfil' })).toBeVisible();
    await expect(guest.page.getByText(`@${handle}`)).toBeVisible();
    const ratings = guest.page.getByTestId('profile-rating');
    await expect(ratings).toHaveCount(2);
    const fma = ratings.filter({ hasText: 'Fullmetal Alchemist' });
    // The opinion is the fan's words: shown as text, the address not a link.
    await expect(fma.locator('blockquote')).toHaveText(OPINION);
    await expect(fma.getByRole('link', { name: /evil/ })).toHaveCount(0);
    await expect(fma.getByRole('img', { name: '5/5' })).toBeVisible();
    await expect(guest.page.getByRole('region', { name: 'Completados' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await expect(guest.page.getByRole('region', { name: 'Favoritos' })).toContainText('Fullmetal Alchemist');
    const stats = guest.page.getByTestId('profile-stats');
    await expect(stats).toContainText('Animes avaliados3');
    await expect(stats).toContainText('Nota média4,67/5');
    await expect(guest.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(guest.page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Perfil de Ana Perfil no Anime Master',
    );

    // Nothing private reaches a visitor: not in the HTML, the flight data or any API answer.
    const sent = await everythingSent(baseURL!, `/u/${handle}`);
    expect(sent).toContain('Fullmetal Alchemist');
    for (const secret of [
      'Death Note',
      'Akai Yokujou',
      'Crimson Bathhouse',
      'segredo adulto',
      user.name,
      user.email,
      `uid-${user.sub}`,
      user.picture!,
    ]) {
      expect(sent, secret).not.toContain(secret);
    }
    expect((await fetch(`${baseURL}/api/profile`)).status).toBe(401);
    const ogImage = await guest.page.locator('meta[property="og:image"]').getAttribute('content');
    const card = await fetch(new URL(new URL(ogImage!).pathname, baseURL).toString());
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');

    // A visitor with ratings of their own sees what both rated, side by side.
    await seedStorage(
      guest.page,
      {
        [`animeRating_${FMA}`]: { rating: 3, opinion: '' },
        [`animeRating_${DEATH_NOTE}`]: { rating: 4, opinion: '' },
        'anime-master-rating-entries': {
          [FMA]: { snapshot: snapshot('Fullmetal Alchemist'), ratedAt: null },
        },
      },
      `/u/${handle}`,
    );
    const compare = guest.page.getByTestId('profile-compare');
    await expect(compare.getByRole('heading', { name: 'Vocês dois avaliaram 1 anime' })).toBeVisible();
    const row = compare.getByTestId('compare-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('img', { name: '3/5' })).toBeVisible();
    await expect(row.getByRole('img', { name: '5/5' })).toBeVisible();

    // Without JavaScript the page reads the same.
    const noJs = await visitor(browser, { javaScriptEnabled: false });
    await noJs.page.goto(`/u/${handle}`);
    await expect(noJs.page.getByRole('heading', { level: 1, name: 'Ana Perfil' })).toBeVisible();
    await expect(noJs.page.getByTestId('profile-rating')).toHaveCount(2);
    await noJs.context.close();

    // Rename: the old handle leads to the new one.
    section = await profileSettings(page);
    await section.getByRole('textbox', { name: 'Nome de usuário' }).fill(renamed);
    await section.getByRole('button', { name: 'Salvar perfil' }).click();
    await expect(section.getByRole('link', { name: `Ver meu perfil: /u/${renamed}` })).toBeVisible();
    await guest.page.goto(`/u/${handle}`);
    await expect(guest.page).toHaveURL(new RegExp(`/u/${renamed}$`));
    await expect(guest.page.getByRole('heading', { level: 1, name: 'Ana Perfil' })).toBeVisible();

    // Hide: 404 at once, for the handle and the old one.
    await section.getByRole('checkbox', { name: 'Perfil ativado' }).uncheck();
    await section.getByRole('button', { name: 'Salvar perfil' }).click();
    await expect(section.getByText(`O perfil /u/${renamed} está desativado.`)).toBeVisible();
    expect((await guest.page.goto(`/u/${renamed}`))?.status()).toBe(404);
    expect((await fetch(`${baseURL}/u/${handle}`, { redirect: 'manual' })).status).toBe(404);

    // Back on, then deleted: 404.
    await section.getByRole('checkbox', { name: 'Perfil ativado' }).check();
    await section.getByRole('button', { name: 'Salvar perfil' }).click();
    await expect(section.getByRole('link', { name: `Ver meu perfil: /u/${renamed}` })).toBeVisible();
    expect((await guest.page.goto(`/u/${renamed}`))?.status()).toBe(200);
    await section.getByRole('button', { name: 'Apagar perfil' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Apagar', exact: true }).click();
    await expect(section.getByRole('button', { name: 'Criar perfil' })).toBeVisible();
    expect((await guest.page.goto(`/u/${renamed}`))?.status()).toBe(404);
    expect((await fetch(`${baseURL}/u/${handle}`, { redirect: 'manual' })).status).toBe(404);
    await guest.context.close();
  });

  test('hostile input is refused with a 4xx and changes nothing', async ({ baseURL }) => {
    const user = uniqueUser('Hostil');
    await createGoogleUser(user);
    const token = await idTokenFor(user);
    const put = (body: unknown) =>
      fetch(`${baseURL}/api/profile`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const valid = {
      handle: `hostil-${String(Date.now()).slice(-8)}`,
      displayName: 'Hostil',
      enabled: true,
      indexable: false,
      showRatings: true,
      showStats: true,
      lists: [],
    };
    expect((await put(valid)).status).toBe(200);
    for (const body of [
      { ...valid, handle: 'аdmin-x' },
      { ...valid, handle: 'ｈｏｓｔｉｌ' },
      { ...valid, handle: 'x'.repeat(31) },
      { ...valid, handle: 'settings' },
      { ...valid, displayName: '<img src=x onerror=alert(1)>' },
      { ...valid, displayName: 'n'.repeat(51) },
      { ...valid, uid: 'someone-else' },
      { ...valid, displayName: 'x'.repeat(20_000) },
      '{"handle":',
    ]) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body).slice(0, 50)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const own = await fetch(`${baseURL}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await own.json()).toEqual({ profile: { ...valid } });
    // A look-alike path answers 404, never 500.
    expect((await fetch(`${baseURL}/u/%D0%B0dmin`)).status).toBe(404);
    expect((await fetch(`${baseURL}/u/${'x'.repeat(300)}`)).status).toBe(404);
  });

  test('screenshots: both themes, both languages, 390 and 1280 px', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const user = uniqueUser('Tela Perfil');
    await createGoogleUser(user);
    await seedLibrary(user, baseURL!);
    const token = await idTokenFor(user);
    const handle = `tela-${String(Date.now()).slice(-8)}`;
    const saved = await fetch(`${baseURL}/api/profile`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        handle,
        displayName: 'Tela Perfil',
        enabled: true,
        indexable: true,
        showRatings: true,
        showStats: true,
        lists: ['COMPLETED'],
      }),
    });
    expect(saved.status).toBe(200);
    // A profile whose owner allows indexing joins the sitemap's first part.
    const sitemap = await fetch(`${baseURL}/sitemap/0.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`/u/${handle}</loc>`);
    for (const locale of ['pt', 'en'] as const) {
      for (const theme of ['light', 'dark']) {
        for (const width of [390, 1280]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          const page = await context.newPage();
          await setLanguage(page, locale);
          await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
          await page.goto(`/u/${handle}`);
          await expect(page.getByRole('heading', { level: 1, name: 'Tela Perfil' })).toBeVisible();
          // The owner allows indexing: no noindex.
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
          if (locale === 'en') {
            await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
              'content',
              "Tela Perfil's profile on Anime Master",
            );
          }
          await page.screenshot({
            path: testInfo.outputPath(`profile-${locale}-${theme}-${width}.png`),
            fullPage: true,
          });
          await context.close();
        }
      }
    }
  });
});

import type { Page } from '@playwright/test';
import { expect, test, useLanguage as setLanguage } from './support';

test.describe('header (desktop)', () => {
  test('brand, Explorar and Configurações reach their routes', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('banner').getByRole('link', { name: 'Anime Master' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('banner').getByRole('link', { name: 'Explorar', exact: true }).click();
    await expect(page).toHaveURL(/\/explore/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Configurações' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  });

  const lists = [
    { item: 'Assistindo', path: '/watching' },
    { item: 'Completados', path: '/completed' },
    { item: 'Planejados', path: '/plan-to-watch' },
    { item: 'Pausados', path: '/on-hold' },
    { item: 'Desistidos', path: '/dropped' },
  ];
  for (const { item, path } of lists) {
    test(`'Minhas Listas' → ${item} reaches ${path}`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Minhas Listas' }).click();
      await page.getByRole('banner').getByRole('link', { name: item }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
    });
  }

  test("'Minhas Listas' closes on an outside click", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Minhas Listas' }).click();
    const completed = page.getByRole('banner').getByRole('link', { name: 'Completados' });
    await expect(completed).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(completed).toBeHidden();
  });

  test("'Minhas Listas' works with the keyboard", async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Minhas Listas' });
    const watching = page.getByRole('banner').getByRole('link', { name: 'Assistindo' });
    // Disabled (and so not focusable) until the page has hydrated and it can act.
    await expect(trigger).toBeEnabled();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(watching).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(watching).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Completados' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Desistidos' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(watching).toBeHidden();
    await expect(trigger).toBeFocused();

    // ArrowDown on the closed button opens the list on its first link; Enter follows it.
    await page.keyboard.press('ArrowDown');
    await expect(watching).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/watching$/);
    await expect(watching).toBeHidden();
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('the access badge explains the visitor status', async ({ page }) => {
    await page.goto('/');
    const badge = page.getByRole('banner').getByTestId('access-badge');
    await expect(badge).toContainText('Não logado');
    await badge.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Faça login para acessar conteúdo adulto');
  });

  test('the header search submits a URL-encoded query and ignores a blank one', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Buscar animes' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await box.fill('one piece & co');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=one(%20|\+)piece(%20|\+)%26(%20|\+)co/);
  });
});

/** At 320 and 390 px, /explore's header fits the screen; `inter` says whether the page is drawn with Inter. */
async function headerFits(page: Page, font: string, inter: boolean) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/explore');
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const drawnWithInter = await page.evaluate(
      () => document.documentElement.classList.contains('fonts-cached') && document.fonts.check('16px inter'),
    );
    expect(drawnWithInter, `${font} at ${width} px`).toBe(inter);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${font} at ${width} px`,
    ).toBeLessThanOrEqual(width);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Anime Master' })).toBeVisible();
  }
}

test('on a 320 and a 390 px phone the header fits the screen, with the system font, Inter, or Inter missing', async ({
  browser,
  baseURL,
  page,
}) => {
  // A first visit draws the system font (a fresh profile for each width: the first page fetches
  // Inter for the next ones); once Inter is in the cache later pages draw it; a page that wants
  // Inter but cannot fetch it draws the fallback (lib/fonts/font-ready.ts).
  for (const width of [320, 390]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const fresh = await context.newPage();
    await fresh.goto('/explore');
    await expect(fresh.getByRole('button', { name: 'Abrir menu' })).toBeInViewport({ ratio: 1 });
    await expect(fresh.locator('html')).not.toHaveClass(/\bfonts-cached\b/);
    expect(
      await fresh.evaluate(() => document.documentElement.scrollWidth),
      `system at ${width} px`,
    ).toBeLessThanOrEqual(width);
    await expect(fresh.getByRole('banner').getByRole('link', { name: 'Anime Master' })).toBeVisible();
    await context.close();
  }
  await page.goto('/explore');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('anime-master-fonts-cached')))
    .toMatch(/\.woff2$/);
  await headerFits(page, 'inter', true);
  await page.route('**/*.woff2', (route) => route.abort());
  await headerFits(page, 'missing', false);
});

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens, navigates and closes with the keyboard only', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Abrir menu' });
    await expect(open).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Configurações' })).toBeHidden();

    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();

    // Escape closes and returns focus to the trigger.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const settings = dialog.getByRole('link', { name: 'Configurações' });
    for (let i = 0; i < 25 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  });

  test('the search button opens the menu on the search bar, ready to type', async ({ page }) => {
    await page.goto('/');
    const searchButton = page.getByRole('banner').getByRole('button', { name: 'Buscar animes' });
    await searchButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    const box = dialog.getByRole('combobox', { name: 'Buscar animes' });
    await expect(box).toBeFocused();
    await page.keyboard.type('death note');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=death(%20|\+)note/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados da Busca' })).toBeVisible();
  });

  test('closing the menu opened for search returns focus to the search button', async ({ page }) => {
    await page.goto('/');
    const searchButton = page.getByRole('banner').getByRole('button', { name: 'Buscar animes' });
    await searchButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(searchButton).toBeFocused();
  });

  test('reaches every list from the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Pausados' }).click();
    await expect(page).toHaveURL(/\/on-hold$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Pausados' })).toBeVisible();
  });
});

test.describe('header at desktop widths', () => {
  for (const locale of ['pt', 'en'] as const) {
    for (const width of [1024, 1280, 1440]) {
      test(`${width} px (${locale}): the search is at least 160 px wide and nothing overflows`, async ({
        page,
      }) => {
        await setLanguage(page, locale);
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const banner = page.getByRole('banner');
        // Signed-out state settled: the sign-in button has replaced its placeholder.
        await expect(banner.getByTestId('access-badge')).toHaveAttribute('data-state', 'visitor');
        await expect(
          banner.getByRole('button', { name: locale === 'pt' ? 'Entrar com Google' : 'Sign in with Google' }),
        ).toBeVisible();
        const search = banner.getByRole('combobox', {
          name: locale === 'pt' ? 'Buscar animes' : 'Search anime',
        });
        await expect(search).toBeVisible();
        expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(160);
        for (const link of locale === 'pt' ? ['Explorar', 'Configurações'] : ['Explore', 'Settings']) {
          await expect(banner.getByRole('link', { name: link, exact: true })).toBeInViewport({ ratio: 1 });
        }
        const overflow = await page.evaluate(() => {
          const header = document.querySelector('header')!;
          const row = header.firstElementChild!;
          const root = document.documentElement;
          return {
            header: header.scrollWidth - header.clientWidth,
            row: row.scrollWidth - row.clientWidth,
            document: root.scrollWidth - root.clientWidth,
          };
        });
        expect(overflow).toEqual({ header: 0, row: 0, document: 0 });
      });
    }
  }

  test.describe('before the scripts run', () => {
    // The server's HTML alone: the session is still being checked, its placeholders drawn.
    test.use({ javaScriptEnabled: false });
    for (const locale of ['pt', 'en'] as const) {
      test(`1024, 1280 and 1440 px (${locale}): the search is at least 160 px wide`, async ({ page }) => {
        await setLanguage(page, locale);
        for (const width of [1024, 1280, 1440]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/');
          const banner = page.getByRole('banner');
          await expect(banner.getByTestId('access-badge')).toHaveAttribute('data-state', 'checking');
          const search = banner.getByRole('combobox', {
            name: locale === 'pt' ? 'Buscar animes' : 'Search anime',
          });
          expect((await search.boundingBox())!.width, `${width} px`).toBeGreaterThanOrEqual(160);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${width} px`).toBe(0);
        }
      });
    }
  });
});

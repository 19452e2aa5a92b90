import { expect, holdRequests, test, useLanguage } from './support';

test.describe('language', () => {
  test('defaults to Portuguese and switches to English, persisting across reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('link', { name: 'Explorar Animes' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Configurações' })).toBeVisible();

    await page.getByRole('button', { name: 'Mudar idioma para English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Explore Anime' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch language to English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Explore Anime' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('anime-master-language'))).toBe('en');

    await page.getByRole('button', { name: 'Switch language to Português' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('link', { name: 'Explorar Animes' }).first()).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('the language survives navigation to other routes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Mudar idioma para English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  });

  test('the localStorage mirror restores the language when the cookie is gone', async ({ page, context }) => {
    await page.goto('/');
    // Once hydrated, the switcher mirrors the cookie's language; overwrite the mirror after that.
    await page.waitForFunction(() => localStorage.getItem('anime-master-language') === 'pt');
    await page.evaluate(() => localStorage.setItem('anime-master-language', 'en'));
    await context.clearCookies();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Settings' })).toBeVisible();
  });

  test('a page that hydrates late does not undo a language chosen meanwhile', async ({ page }) => {
    // The Portuguese page arrives, but its scripts are held back until English has been chosen
    // elsewhere (another tab): hydrating afterwards, it must leave the new cookie alone.
    const release = await holdRequests(page, '**/_next/static/chunks/*.js');
    await page.goto('/settings', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await useLanguage(page, 'en');
    release();
    // Hydrated: the switcher has written its mirror of the cookie.
    await page.waitForFunction(() => localStorage.getItem('anime-master-language') !== null);
    expect(await page.evaluate(() => localStorage.getItem('anime-master-language'))).toBe('en');
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name === 'NEXT_LOCALE').map((cookie) => cookie.value)).toEqual([
      'en',
    ]);
  });

  test('a tampered language cookie falls back to Portuguese', async ({ page, context }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: '<script>', url: 'http://127.0.0.1:3610' }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Configurações' })).toBeVisible();
  });
});

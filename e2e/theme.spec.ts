import type { Page } from '@playwright/test';
import { expect, test } from './support';

const html = (page: Page) => page.locator('html');

test.describe('theme', () => {
  test('follows the system preference while nothing is stored, live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  test('the toggle switches theme, stores it and keeps it across reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Alternar tema' }).click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    // A stored choice wins over the system preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Alternar tema' }).click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('no flash of the wrong theme: dark is applied before the app hydrates', async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Hold back every JavaScript chunk: what shows is the server HTML plus the inline theme script.
    await page.route('**/_next/static/chunks/**/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(12, 12, 20)');
    await page.screenshot({ path: testInfo.outputPath('before-hydration-dark.png') });
  });
});

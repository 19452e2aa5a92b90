import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * A page that works logs no errors: no console error, no uncaught exception and no request that
 * fails or answers 4xx/5xx (the browser logs those as errors too), from the first byte until the
 * page has hydrated and the network is quiet.
 */
const ROUTES: { path: string; content: (page: Page) => ReturnType<Page['locator']> }[] = [
  { path: '/', content: (page) => page.locator('main section a[href^="/anime/"]') },
  { path: '/explore', content: (page) => page.getByTestId('anime-card') },
  { path: '/search?q=naruto', content: (page) => page.getByTestId('anime-card') },
  { path: '/anime/20', content: (page) => page.getByTestId('synopsis') },
  { path: '/my-ratings', content: (page) => page.getByRole('heading', { level: 1 }) },
];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A request the page itself cancelled (a prefetch it no longer needs) is not an error.
    const reason = request.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED')) errors.push(`failed: ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return errors;
}

for (const width of [1280, 390]) {
  test.describe(`no errors in the console at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const { path, content } of ROUTES) {
      test(path, async ({ page }) => {
        const errors = collectErrors(page);
        await page.goto(path);
        await expect(content(page).first()).toBeVisible();
        // Hydrated: the language switcher mirrors the cookie into localStorage from an effect.
        await page.waitForFunction(() => localStorage.getItem('anime-master-language') !== null);
        await page.mouse.wheel(0, 4000);
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    }
  });
}

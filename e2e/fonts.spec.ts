import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Inter costs a first visit nothing before it works: the page draws the system's font, fetches
 * Inter once loaded and idle, and the next page load draws Inter from the cache
 * (docs/decisions/fonts-and-images.md, lib/fonts/font-ready.ts).
 */

const FONT_READY_KEY = 'anime-master-fonts-cached';

/** The fonts Chromium actually drew the page's heading with (DevTools: rendered fonts). */
async function drawnFonts(page: Page): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** The family the body is drawn with first, and the web font's family (the first of --font-inter). */
async function fonts(page: Page) {
  return page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily.split(',')[0]!.trim(),
    web: getComputedStyle(document.documentElement)
      .getPropertyValue('--font-inter')
      .split(',')[0]!
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2'),
  }));
}

/** The font's resource timing on this page load: when it started against the load event, and its transfer. */
async function fontTiming(page: Page) {
  return page.evaluate(() => {
    const font = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2')) as
      PerformanceResourceTiming | undefined;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return font
      ? { startedAfterLoad: font.startTime >= navigation.loadEventStart, transferSize: font.transferSize }
      : null;
  });
}

test('a first visit draws the system font and fetches Inter after the page has loaded; every later page load draws Inter', async ({
  page,
  context,
}) => {
  await page.goto('/anime/20');
  await expect(page.getByTestId('theme-toggle').first()).toBeEnabled();
  const first = await fonts(page);
  expect(first.web).not.toBe('');
  expect(first.body).not.toBe(first.web);
  await expect(page.locator('html')).not.toHaveClass(/\bfonts-cached\b/);
  expect((await drawnFonts(page)).every((font) => !font.isCustomFont)).toBe(true);

  // Once the page has loaded and is idle the font is fetched and its file remembered, and the
  // page already drawn keeps its font (no reflow).
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), FONT_READY_KEY))
    .toMatch(/^\/_next\/static\/media\/[^/]+\.woff2$/);
  expect((await fontTiming(page))?.startedAfterLoad).toBe(true);
  expect((await fonts(page)).body).toBe(first.body);
  expect((await drawnFonts(page)).every((font) => !font.isCustomFont)).toBe(true);

  // A client-side navigation keeps the page's font too.
  await page.getByRole('banner').getByRole('link', { name: 'Explorar', exact: true }).click();
  await expect(page).toHaveURL(/\/explore$/);
  expect((await fonts(page)).body).toBe(first.body);

  // A reload, and a new tab (another renderer, the file from the disk cache), draw Inter.
  await page.goto('/anime/20');
  await expect(page.locator('html')).toHaveClass(/\bfonts-cached\b/);
  await expect.poll(async () => (await fonts(page)).body).toBe(first.web);
  await expect.poll(async () => (await drawnFonts(page)).map((font) => font.familyName)).toEqual(['Inter']);
  expect((await fontTiming(page))?.transferSize).toBe(0);
  const tab = await context.newPage();
  await tab.goto('/anime/20');
  await expect.poll(async () => (await drawnFonts(tab)).map((font) => font.familyName)).toEqual(['Inter']);
});

test('a font that cannot be fetched is not remembered: the page keeps the system font and a later page fetches it', async ({
  page,
}) => {
  const failed = page.waitForEvent('requestfailed', (request) => request.url().endsWith('.woff2'));
  await page.route('**/*.woff2', (route) => route.abort());
  await page.goto('/explore');
  await failed;
  const { body, web } = await fonts(page);
  expect(body).not.toBe(web);

  await page.unroute('**/*.woff2');
  await page.reload();
  // Nothing was remembered: this load is drawn with the system font again and fetches Inter.
  await expect(page.getByTestId('theme-toggle').first()).toBeEnabled();
  await expect(page.locator('html')).not.toHaveClass(/\bfonts-cached\b/);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), FONT_READY_KEY))
    .toMatch(/\.woff2$/);
});

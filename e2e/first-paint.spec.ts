import type { Page } from '@playwright/test';
import { COMPILE_HINT } from '../scripts/compile-hints.mjs';
import { CAP_MS, deferredScripts, PARSED_MARK_ID } from '../scripts/first-paint.mjs';
import { expect, test } from './support';

/**
 * The page is shown before the app starts (scripts/first-paint.mjs): the server HTML carries no
 * chunk script, the first paint and the covers in view are presented first, and then the app loads
 * and works. A cover that never arrives holds the app back for CAP_MS at most.
 */

/** Waits until the app has hydrated: the language switcher mirrors the cookie from an effect. */
async function appStarted(page: Page) {
  await page.waitForFunction(() => localStorage.getItem('anime-master-language') === 'pt');
}

/** When the page asked for its first chunk script (ms from navigation). */
function firstChunkStart(page: Page) {
  return page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_next\/static\/chunks\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  );
}

/** When the first contentful paint and the covers were shown, and when the first chunk was asked for. */
async function timeline(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ fcp: number; covers: number[]; firstChunk: number; chunks: number }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const chunks = performance
            .getEntriesByType('resource')
            .filter((entry) => /\/_next\/static\/chunks\/.+\.js$/.test(entry.name));
          resolve({
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
            covers: list
              .getEntries()
              .map((entry) => (entry as PerformanceEntry & { renderTime: number }).renderTime),
            firstChunk: Math.min(...chunks.map((entry) => entry.startTime)),
            chunks: chunks.length,
          });
        }).observe({ type: 'element', buffered: true });
      }),
  );
}

test('the server HTML names no chunk script; the page and its cover are shown before the app is loaded, then the app works', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/anime/20')).text();
  expect(html).not.toMatch(/<script[^>]+src="\/_next\/static\/chunks\/[^"]+"\s+async/);
  expect(html).toContain('elementtiming="first-paint"');
  // Completed Suspense boundaries are revealed at the first frame, which waits for the whole document.
  expect(html).toContain(`<link rel="expect" href="#${PARSED_MARK_ID}" blocking="render"/>`);
  expect(html).toContain(`<template id="${PARSED_MARK_ID}"></template>`);
  expect(html).not.toContain('$RT=performance.now()});');
  const appScripts = deferredScripts(html);
  expect(appScripts.length).toBeGreaterThan(0);

  await page.goto('/anime/20');
  await appStarted(page);
  const seen = await timeline(page);
  expect(seen.chunks).toBeGreaterThan(0);
  expect(seen.fcp).toBeLessThanOrEqual(seen.firstChunk);
  expect(seen.covers.length).toBeGreaterThan(0);
  for (const shown of seen.covers) expect(shown).toBeLessThanOrEqual(seen.firstChunk);

  // The window's load event (what `goto` waits for) came after every one of the app's scripts.
  const order = await page.evaluate((srcs) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const ends = srcs.map(
      (src) =>
        (
          performance.getEntriesByName(new URL(src, location.href).href)[0] as
            PerformanceResourceTiming | undefined
        )?.responseEnd ?? Infinity,
    );
    return { load: navigation.loadEventStart, lastScript: Math.max(...ends) };
  }, appScripts);
  expect(order.lastScript).toBeLessThan(Infinity);
  expect(order.load).toBeGreaterThanOrEqual(order.lastScript);

  // The app is running: its controls answer.
  await page.getByRole('button', { name: 'Planejo Assistir' }).click();
  await expect(page.getByRole('button', { name: 'Planejo Assistir' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the scripts a page starts with compile while they load; code loaded on demand does not', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const startScripts = deferredScripts(html);
  expect(startScripts.length).toBeGreaterThan(0);
  for (const src of startScripts) {
    const response = await request.get(src);
    expect(response.ok()).toBe(true);
    expect((await response.text()).startsWith(COMPILE_HINT), src).toBe(true);
  }

  // Swiper is loaded on demand, once a carousel comes near the screen: no hint there.
  await page.goto('/');
  await expect(page.locator('.swiper-initialized').first()).toBeAttached();
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/_next\/static\/chunks\/.+\.js$/.test(name)),
  );
  const bodies = await Promise.all(
    loaded.map(async (src) => [src, await (await request.get(src)).text()] as const),
  );
  const swiperChunks = bodies.filter(([, body]) => body.includes('allowSlideNext'));
  expect(swiperChunks.length).toBeGreaterThan(0);
  for (const [src, body] of swiperChunks) {
    expect(startScripts.some((start) => src.endsWith(start))).toBe(false);
    expect(body.startsWith(COMPILE_HINT), src).toBe(false);
  }
});

test('a cover that never arrives holds the app back for the cap at most', async ({ page }) => {
  await page.route('**/_next/image**', () => {
    // Never answered: the cover stays pending.
  });
  await page.goto('/anime/20', { waitUntil: 'commit' });
  await appStarted(page);
  expect(await firstChunkStart(page)).toBeGreaterThanOrEqual(CAP_MS);
  await page.getByRole('button', { name: 'Planejo Assistir' }).click();
  await expect(page.getByRole('button', { name: 'Planejo Assistir' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a page opened in the background starts its app at once, not waiting for covers it does not show', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
  });
  await page.route('**/_next/image**', () => {
    // Never answered: only a page waiting for its covers would wait for the cap.
  });
  await page.goto('/anime/20', { waitUntil: 'commit' });
  await appStarted(page);
  expect(await firstChunkStart(page)).toBeLessThan(CAP_MS);
});

test('no stylesheet is added while the page starts; the toast container comes with the first key press', async ({
  page,
}) => {
  // A stylesheet added after the first paint restyles the whole document (issue 15): Swiper's
  // rules are in the main stylesheet, next-themes adds none at its start, and sonner's arrives
  // with the visitor's first interaction.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { sheetsAtParse: number }).sheetsAtParse = document.styleSheets.length;
    });
  });
  await page.goto('/');
  await expect(page.locator('.swiper-initialized').first()).toBeVisible();
  const sheets = () =>
    page.evaluate(() => ({
      atParse: (window as unknown as { sheetsAtParse: number }).sheetsAtParse,
      now: document.styleSheets.length,
      sonner: [...document.querySelectorAll('style')].some((style) =>
        style.textContent?.includes('data-sonner-toaster'),
      ),
    }));
  const started = await sheets();
  expect(started.now).toBe(started.atParse);
  expect(started.sonner).toBe(false);
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await sheets()).sonner).toBe(true);
});

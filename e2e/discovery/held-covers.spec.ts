import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support';
import { cards, carousel } from './helpers';

/**
 * Covers off the first screen do not share a slow link with the page's scripts: in the server's
 * HTML they wait for the page to hydrate (docs/decisions/held-covers.md). The page's scripts are
 * held back here, as a slow link holds them, and the covers are looked at meanwhile.
 */

const SEASON = 'Animes da Temporada Atual';
const TOP = 'Animes Mais Bem Avaliados';

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The cover of the `index`-th card of a carousel. */
const coverOf = (region: Locator, index: number) =>
  cards(region).nth(index).locator('img[data-cover="image"]');

/** What the browser shows in an <img> once it has chosen a source: its URL, or '' before that. */
const shown = (cover: Locator) =>
  cover.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''));

const loadedCover = (cover: Locator) =>
  cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1 && img.currentSrc);

test.describe('covers off the first screen', () => {
  test('on a phone, wait for the page to hydrate, then load', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_next/image')) requested.push(decodeURIComponent(request.url()));
    });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const season = carousel(page, SEASON);
    const top = carousel(page, TOP);
    await expect(cards(top)).toHaveCount(10);

    // The first screen's cover loads with the page; the next slides (a fifth of the second shows)
    // and the next carousel's covers are a transparent pixel, and nobody asked for their cover.
    await expect.poll(() => loadedCover(coverOf(season, 0))).toContain('/_next/image');
    for (const held of [coverOf(season, 1), coverOf(season, 2), coverOf(top, 0)]) {
      await held.scrollIntoViewIfNeeded();
      await expect.poll(() => shown(held)).toMatch(/^data:image\/gif/);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(requested.filter((url) => /cover\/16498l/.test(url))).toEqual([]);

    release();
    // Hydrated: every cover gets its source, and loads when it comes near the screen.
    await expect(page.getByTestId('theme-toggle')).toBeEnabled();
    await expect.poll(() => loadedCover(coverOf(season, 2))).toContain('/_next/image');
    await coverOf(top, 0).scrollIntoViewIfNeeded();
    await expect.poll(() => loadedCover(coverOf(top, 0))).toContain('/_next/image');
    expect(requested.some((url) => /cover\/16498l/.test(url))).toBe(true);
  });

  test('on a wide screen, the first carousel’s first four load with the page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const season = carousel(page, SEASON);
    await expect(cards(season)).toHaveCount(4);
    for (const index of [0, 1, 2, 3])
      await expect.poll(() => loadedCover(coverOf(season, index))).toContain('/_next/image');
    const top = coverOf(carousel(page, TOP), 0);
    await top.scrollIntoViewIfNeeded();
    await expect.poll(() => shown(top)).toMatch(/^data:image\/gif/);
    release();
    await expect.poll(() => loadedCover(top)).toContain('/_next/image');
  });

  test('a grid’s rows under the first wait on a phone, the first row does not', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdScripts(page);
    await page.goto('/explore', { waitUntil: 'commit' });
    const grid = page.locator('main ul[data-view="grid"]').first();
    await expect(cards(grid)).toHaveCount(20);
    const cover = (index: number) => cards(grid).nth(index).locator('img[data-cover="image"]');
    await expect.poll(() => loadedCover(cover(0))).toContain('/_next/image');
    await cover(2).scrollIntoViewIfNeeded();
    await expect.poll(() => shown(cover(2))).toMatch(/^data:image\/gif/);
    release();
    await expect.poll(() => loadedCover(cover(2))).toContain('/_next/image');
  });
});

test('a held cover that fails once given its source shows the placeholder', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The top carousel's first anime (16498): held on a phone, its cover refused by the server.
  await page.route(/\/_next\/image\?url=[^&]*cover%2F16498l/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/');
  await expect(page.getByTestId('theme-toggle')).toBeEnabled();
  const card = cards(carousel(page, TOP)).filter({ has: page.locator('a[href="/anime/16498"]') });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('img[data-cover="placeholder"]')).toHaveAttribute(
    'src',
    '/images/anime-placeholder.svg',
  );
  await expect(card.locator('img[data-cover="image"]')).toHaveCount(0);
});

test.describe('covers off the first screen without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('load as any cover does', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const top = coverOf(carousel(page, TOP), 0);
    await top.scrollIntoViewIfNeeded();
    await expect.poll(() => loadedCover(top)).toContain('/_next/image');
    const third = coverOf(carousel(page, SEASON), 2);
    await expect.poll(() => loadedCover(third)).toContain('/_next/image');
  });
});

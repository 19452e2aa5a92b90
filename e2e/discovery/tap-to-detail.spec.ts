import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support';
import { cards, carousel } from './helpers';

/**
 * A tap on a home carousel card opens the detail page as a client-side navigation: no document
 * is loaded, and the first card of the season carousel has its detail page (data and the route's
 * scripts) fetched while it is in view, so its tap asks the server for nothing more
 * (docs/decisions/tap-to-detail.md).
 */
const SEASON = 'Animes da Temporada Atual';
const TOP = 'Animes Mais Bem Avaliados';

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Every request of the page's main frame, with when it was made relative to the tap. */
function recordRequests(page: Page) {
  const seen: { request: Request; afterTap: boolean }[] = [];
  let tapped = false;
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) seen.push({ request, afterTap: tapped });
  });
  return {
    tap: () => (tapped = true),
    documentsAfterTap: () =>
      seen.filter(({ request, afterTap }) => afterTap && request.resourceType() === 'document').length,
    /** Flight requests for a page: `_rsc`, with whether it was a whole page or only the route's tree. */
    flightFor: (path: string, when: 'before' | 'after') =>
      seen
        .filter(({ afterTap }) => afterTap === (when === 'after'))
        .map(({ request }) => request)
        .filter((request) => {
          const url = new URL(request.url());
          return url.pathname === path && url.searchParams.has('_rsc');
        })
        .map((request) => ({ treeOnly: request.headers()['next-router-segment-prefetch'] !== undefined })),
  };
}

test('the season carousel’s first card has its detail page ready: its tap loads nothing and shows the heading', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByTestId('theme-toggle').first()).toBeEnabled();
  const first = cards(carousel(page, SEASON)).first();
  const link = first.getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/anime\/\d+$/);
  const title = await first.getByRole('heading').innerText();
  await first.scrollIntoViewIfNeeded();

  // While it is in view, its whole page comes (not only the route's tree).
  await expect
    .poll(() => requests.flightFor(href!, 'before').some((flight) => !flight.treeOnly), { timeout: 30_000 })
    .toBe(true);

  requests.tap();
  await link.tap();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A client-side navigation from what was fetched before the tap: no document, no flight request.
  expect(requests.documentsAfterTap()).toBe(0);
  expect(requests.flightFor(href!, 'after')).toEqual([]);
});

test('a tap on another card on screen opens its detail page without loading a document', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByTestId('theme-toggle').first()).toBeEnabled();
  const top = carousel(page, TOP);
  await top.scrollIntoViewIfNeeded();
  // The loop and the autoplay move the slides: take a card that lies wholly on screen, as a
  // person would, and tap it at once.
  const target = await top.evaluate((region) => {
    for (const card of region.querySelectorAll<HTMLElement>('[data-testid="anime-card"]')) {
      const box = card.getBoundingClientRect();
      if (box.width > 0 && box.left >= 0 && box.right <= window.innerWidth) {
        const link = card.querySelector('a');
        return {
          href: link?.getAttribute('href') ?? '',
          title: card.querySelector('h3')?.textContent ?? '',
          x: box.left + box.width / 2,
          y: box.top + box.height / 2,
        };
      }
    }
    return null;
  });
  expect(target).not.toBeNull();
  requests.tap();
  await page.touchscreen.tap(target!.x, target!.y);
  await expect(page).toHaveURL(/\/anime\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(requests.documentsAfterTap()).toBe(0);
  // The cards that are not warmed are not prefetched at all: their flight is asked on the tap.
  const path = new URL(page.url()).pathname;
  expect(requests.flightFor(path, 'before')).toEqual([]);
  expect(requests.flightFor(path, 'after').length).toBeGreaterThan(0);
});

import type { Page } from '@playwright/test';
import { expect, test } from '../support';
import { carousel } from './helpers';

/**
 * The home page's personal sections ('Para você', 'Meus Animes Favoritos') load their code only
 * when this device's storage holds something they show (components/carousel/lazy-home-parts.tsx):
 * a visitor who has rated and listed nothing downloads none of it and sees the favourites' empty
 * state drawn by the server. Chunks are named by hash, so each is recognised by a string only its
 * code holds: the 'Para você' row's test id, the favourites' error message key.
 */
const FOR_YOU_CODE = 'for-you-carousel';
const FAVORITES_CODE = 'favoritesError';
const FAVORITES = 'Meus Animes Favoritos';
const EMPTY = 'Você ainda não avaliou nenhum anime com 4 ou 5 estrelas.';

/** `storage` in localStorage before any script of the page runs, on every load. */
async function seed(page: Page, storage: Record<string, unknown>) {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
  }, storage);
}

/** Every script `page` loads from now on; `holds(marker)` answers whether one of them contains it. */
function scriptsOf(page: Page) {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.push(response.url());
  });
  return {
    holds: async (marker: string) => {
      const bodies = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
      return bodies.some((body) => body.includes(marker));
    },
  };
}

/**
 * Opens `/` and waits until `ready` shows, the page has hydrated and the network is quiet: the
 * gates' code is asked for after hydration (components/ui/lazy-part.tsx) and decides from storage
 * what else to load. A section's code that loads is waited for by polling `holds`; one that must
 * not load is checked once the page has settled.
 */
async function openHome(page: Page, ready: () => Promise<void>) {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await ready();
  await expect(page.getByTestId('theme-toggle')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  return scripts;
}

const loads = (scripts: ReturnType<typeof scriptsOf>, marker: string) =>
  expect.poll(() => scripts.holds(marker), { timeout: 15_000 }).toBe(true);

test('a visitor who has rated and listed nothing downloads no code of the personal sections', async ({
  page,
}) => {
  const scripts = await openHome(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  expect(await scripts.holds(FOR_YOU_CODE)).toBe(false);
  expect(await scripts.holds(FAVORITES_CODE)).toBe(false);
  // The server's empty state leads to Explorar, as the carousel's own did.
  await carousel(page, FAVORITES).getByRole('link', { name: 'Explorar animes' }).click();
  await expect(page).toHaveURL(/\/explore/);
});

test('a rating of 3 alone shows the empty state and loads neither section', async ({ page }) => {
  await seed(page, { animeRating_1535: { rating: 3, opinion: '' } });
  const scripts = await openHome(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  expect(await scripts.holds(FOR_YOU_CODE)).toBe(false);
  expect(await scripts.holds(FAVORITES_CODE)).toBe(false);
});

test('a rating of 5 loads both sections and shows the favourite', async ({ page }) => {
  await seed(page, { animeRating_1535: { rating: 5, opinion: '' } });
  const scripts = await openHome(page, async () => {
    await expect(carousel(page, FAVORITES).getByTestId('anime-card').first()).toContainText('Sua nota: 5/5');
  });
  await loads(scripts, FAVORITES_CODE);
  await loads(scripts, FOR_YOU_CODE);
  await expect(carousel(page, FAVORITES).getByText(EMPTY)).toHaveCount(0);
});

test('a Completed entry alone loads “Para você” but not the favourites', async ({ page }) => {
  await seed(page, { completedList: [1535] });
  const scripts = await openHome(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  await loads(scripts, FOR_YOU_CODE);
  expect(await scripts.holds(FAVORITES_CODE)).toBe(false);
});

test('a rating made in another tab brings the favourites in without a reload', async ({ page, context }) => {
  await page.goto('/');
  await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/not-a-page-seed');
  await other.evaluate(() =>
    localStorage.setItem('animeRating_1535', JSON.stringify({ rating: 5, opinion: '' })),
  );
  await expect(carousel(page, FAVORITES).getByTestId('anime-card').first()).toContainText('Sua nota: 5/5');
});

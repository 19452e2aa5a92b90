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

/** Opens `/`, waits until `ready` shows and the network is quiet, and answers the bodies of every script the page loaded. */
async function homeScripts(page: Page, ready: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await ready();
  // The parts load after hydration, from an effect: by a quiet network every asked chunk is in.
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('response');
  return Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
}

const holds = (bodies: string[], marker: string) => bodies.some((body) => body.includes(marker));

test('a visitor who has rated and listed nothing downloads no code of the personal sections', async ({
  page,
}) => {
  const bodies = await homeScripts(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  expect(holds(bodies, FOR_YOU_CODE)).toBe(false);
  expect(holds(bodies, FAVORITES_CODE)).toBe(false);
  // The server's empty state leads to Explorar, as the carousel's own did.
  await carousel(page, FAVORITES).getByRole('link', { name: 'Explorar animes' }).click();
  await expect(page).toHaveURL(/\/explore/);
});

test('a rating of 3 alone shows the empty state and loads neither section', async ({ page }) => {
  await seed(page, { animeRating_1535: { rating: 3, opinion: '' } });
  const bodies = await homeScripts(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  expect(holds(bodies, FOR_YOU_CODE)).toBe(false);
  expect(holds(bodies, FAVORITES_CODE)).toBe(false);
});

test('a rating of 5 loads both sections and shows the favourite', async ({ page }) => {
  await seed(page, { animeRating_1535: { rating: 5, opinion: '' } });
  const bodies = await homeScripts(page, async () => {
    await expect(carousel(page, FAVORITES).getByTestId('anime-card').first()).toContainText('Sua nota: 5/5');
  });
  expect(holds(bodies, FAVORITES_CODE)).toBe(true);
  expect(holds(bodies, FOR_YOU_CODE)).toBe(true);
  await expect(carousel(page, FAVORITES).getByText(EMPTY)).toHaveCount(0);
});

test('a Completed entry alone loads “Para você” but not the favourites', async ({ page }) => {
  await seed(page, { completedList: [1535] });
  const bodies = await homeScripts(page, async () => {
    await expect(carousel(page, FAVORITES).getByText(EMPTY)).toBeVisible();
  });
  expect(holds(bodies, FOR_YOU_CODE)).toBe(true);
  expect(holds(bodies, FAVORITES_CODE)).toBe(false);
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

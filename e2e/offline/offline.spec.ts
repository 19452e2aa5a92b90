import type { Page } from '@playwright/test';
import { cards, carousel } from '../discovery/helpers';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, test } from '../support';

/**
 * Issue 13: when the anime database is down (503) or never answers (hang), search, the season
 * carousel and a detail page still render from the offline catalogue (bangumi-data) with the
 * 'dados offline' badge; when it is healthy again, live data returns and the badge goes.
 *
 * The faults are global to the database, so these tests run against their own stack with a cold
 * cache (private-stack.ts), never against the shared server other specs use. The fake's records
 * that matter here carry real MyAnimeList ids that bangumi-data also has: Naruto 20, Death Note
 * 1535, Shingeki no Kyojin 16498.
 */

const SEASON = 'Animes da Temporada Atual';
const TOP = 'Animes Mais Bem Avaliados';

test.describe.configure({ mode: 'serial' });

let stack: PrivateStack;
test.beforeAll(async () => {
  // A second `next start` on a busy machine can take a while to answer.
  test.setTimeout(120_000);
  stack = await startPrivateStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const offlineBadge = (page: Page) => page.getByTestId('offline-badge');

async function search(page: Page, q: string) {
  await page.goto(`${stack.appUrl}/search?q=${encodeURIComponent(q)}`);
}

test('with the database answering 503, search, season carousel and detail come from the catalogue', async ({
  page,
}) => {
  const fault = await stack.fake.setFault({ service: 'jikan', mode: '503' });

  await search(page, 'naruto');
  await expect(offlineBadge(page)).toHaveText('dados offline');
  // No title was ever fetched by this server: the catalogue's original title, first by relevance.
  await expect(cards(page).first().getByRole('heading')).toHaveText('NARUTO -ナルト-');
  await expect(cards(page).first().getByTestId('offline-card-badge')).toHaveText('dados offline');
  // The tooltip explains the badge to mouse and keyboard users alike.
  await offlineBadge(page).focus();
  await expect(page.getByRole('tooltip').filter({ hasText: 'catálogo offline' })).toBeVisible();

  // A Japanese query finds the same show.
  await search(page, 'ナルト');
  await expect(cards(page).first().getByRole('heading')).toHaveText('NARUTO -ナルト-');

  await page.goto(stack.appUrl);
  const season = carousel(page, SEASON);
  await expect(season.getByTestId('offline-badge')).toBeVisible();
  await expect(cards(season).first().getByTestId('offline-card-badge')).toBeVisible();
  // Top-rated needs the live scores: its normal error, honestly.
  await expect(carousel(page, TOP).getByRole('alert')).toBeVisible();

  await page.goto(`${stack.appUrl}/anime/20`);
  await expect(page.getByTestId('detail-title')).toHaveText('NARUTO -ナルト-');
  await expect(offlineBadge(page)).toBeVisible();
  const watch = page.getByRole('region', { name: 'Onde assistir' });
  const netflix = watch.getByRole('link', { name: /Netflix/ });
  await expect(netflix).toHaveAttribute('href', 'https://www.netflix.com/title/70205012');
  await expect(netflix).toHaveAttribute('target', '_blank');
  await expect(netflix).toHaveAttribute('rel', 'noopener noreferrer');

  await stack.fake.clearFault(fault);
});

test('with the database hanging, answers still come from the catalogue after the timeout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fault = await stack.fake.setFault({ service: 'jikan', mode: 'hang' });

  await search(page, 'death note');
  await expect(offlineBadge(page)).toBeVisible({ timeout: 20_000 });
  await expect(cards(page).first().getByRole('heading')).toHaveText('DEATH NOTE');

  await page.goto(`${stack.appUrl}/explore?tab=seasonal`);
  await expect(offlineBadge(page)).toBeVisible({ timeout: 20_000 });
  await expect(cards(page).first().getByTestId('offline-card-badge')).toBeVisible();

  await page.goto(`${stack.appUrl}/anime/1535`);
  await expect(page.getByTestId('detail-title')).toHaveText('DEATH NOTE', { timeout: 20_000 });
  await expect(offlineBadge(page)).toBeVisible();

  await stack.fake.clearFault(fault);
});

test('when the database is healthy again, live data returns and the badge goes', async ({ page }) => {
  // The same search as during the 503: offline answers were only cached for a second.
  await expect(async () => {
    await search(page, 'naruto');
    await expect(cards(page).first().getByRole('heading')).toHaveText('Naruto', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(offlineBadge(page)).toHaveCount(0);
  await expect(page.getByTestId('offline-card-badge')).toHaveCount(0);

  await expect(async () => {
    await page.goto(`${stack.appUrl}/anime/20`);
    await expect(page.getByTestId('detail-title')).toHaveText('Naruto', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(offlineBadge(page)).toHaveCount(0);
  // 'Onde assistir' is on every detail page, online too.
  await expect(
    page.getByRole('region', { name: 'Onde assistir' }).getByRole('link', { name: /Netflix/ }),
  ).toBeVisible();
});

test('an offline search by an English title finds what the server fetched before', async ({ page }) => {
  // Live: the database teaches the catalogue "Attack on Titan" (bangumi-data has no English title).
  await search(page, 'shingeki');
  await expect(cards(page).first().getByRole('heading')).toHaveText('Shingeki no Kyojin');

  const fault = await stack.fake.setFault({ service: 'jikan', mode: '503' });
  await search(page, 'attack on titan');
  await expect(offlineBadge(page)).toBeVisible();
  await expect(cards(page).first().getByRole('heading')).toHaveText('Shingeki no Kyojin');
  await stack.fake.clearFault(fault);
});

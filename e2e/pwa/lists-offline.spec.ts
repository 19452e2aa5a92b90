import { expect, test } from '../support';
import { withOfflineKit } from './offline-kit';

/**
 * A list restored from a backup (ids only, SPEC §5) opened without a network, with the service
 * worker: every entry shows from the best copy the device has (the card of a page it rendered,
 * the worker's cached API answer), and an entry with none still shows as a link to its page. The
 * rest of the suite blocks service workers (playwright.config.ts); this file allows them.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

const backup = {
  meta: { exportedAt: '2026-11-20T10:00:00.000Z', app: 'anime-master', version: 1 },
  ratings: { animeRating_5114: { rating: 5, opinion: 'Obra-prima' } },
  lists: {
    planToWatchList: [],
    watchingList: [],
    completedList: [21, 1535, 5114],
    droppedList: [],
  },
};

test('a list restored from a backup opens offline with every entry as a link', async ({ page, context }) => {
  await withOfflineKit(page, '/settings?tab=data');

  // The fan looks at One Piece's page: the device keeps the card that page was rendered with.
  await page.goto('/anime/21');
  await expect(page.getByRole('heading', { level: 1, name: 'One Piece' })).toBeVisible();
  await expect(
    page.getByTestId('watch-list').getByRole('button', { name: 'Completo', exact: true }),
  ).toBeEnabled();
  // Death Note's card data was asked of the API by this browser (as a list page does for an
  // entry without a copy): the worker keeps that answer.
  expect(await page.evaluate(() => fetch('/api/anime/1535').then((response) => response.status))).toBe(200);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('anime-master-anime-api');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      }),
    )
    .toContain('/api/anime/1535');

  await page.goto('/settings?tab=data');
  await page.getByTestId('backup-file').setInputFiles({
    name: 'anime-master-backup-2026-11-20.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup)),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Importação concluída!' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/completed');
  await expect(page.getByRole('heading', { level: 1, name: 'Animes Completos' })).toBeVisible();
  const entries = page.getByTestId('list-entry');
  await expect(entries).toHaveCount(3);
  for (const [id, name] of [
    [21, 'One Piece'],
    [1535, 'Death Note'],
    [5114, 'Anime #5114'],
  ] as const) {
    const entry = page.locator(`[data-testid="list-entry"][data-anime-id="${id}"]`);
    await expect(entry.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/anime/${id}`);
  }
  const bare = page.locator('[data-testid="list-entry"][data-anime-id="5114"]');
  await expect(bare).toContainText('dados indisponíveis offline');
  await expect(bare.getByRole('link', { name: 'Anime #5114' })).toHaveAccessibleDescription(
    'dados indisponíveis offline',
  );
  await expect(page.getByText(/Não foi possível carregar a lista/)).toHaveCount(0);

  // The ratings page too: the rating shows with its stars and opinion, linked to its page.
  await page.goto('/my-ratings');
  const rated = page.getByTestId('rated-entry');
  await expect(rated.getByRole('heading', { name: 'Anime #5114' })).toBeVisible();
  await expect(rated).toContainText('dados indisponíveis offline');
  await expect(rated).toContainText('Obra-prima');
  await expect(rated.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute('href', '/anime/5114');

  // Back online, the entry without a copy is looked up and fills in.
  await context.setOffline(false);
  await page.goto('/completed');
  await expect(page.getByRole('heading', { name: 'Fullmetal Alchemist: Brotherhood' })).toBeVisible();
});

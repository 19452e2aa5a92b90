import { cards } from '../discovery/helpers';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';
import { expect, test } from '../support';

/**
 * During an outage (504 from the anime database's gateway) the season archive lists the season
 * from the offline catalogue (bangumi-data knows air dates and titles), with the offline badge;
 * /browse's filters, which the catalogue cannot answer, say so. A private stack: the fault is
 * global to its fake upstream and its caches start cold.
 */
test.describe.configure({ mode: 'serial' });

let stack: PrivateStack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startPrivateStack();
  // The adult gate of offline answers fails closed: teach the server Frieren's record first.
  expect((await fetch(`${stack.appUrl}/api/anime/search?q=frieren`)).status).toBe(200);
});
test.afterAll(async () => {
  await stack?.close();
});

test('during a 504 the season archive answers from the catalogue', async ({ page }) => {
  const fault = await stack.fake.setFault({ service: 'jikan', mode: '504' });
  await page.goto(`${stack.appUrl}/season/2023/fall`);
  await expect(page.getByTestId('offline-badge')).toHaveText('dados offline');
  await expect(cards(page).getByRole('heading', { name: 'Sousou no Frieren' })).toBeVisible();
  // The season's other premieres were never fetched: withheld from a visitor, and counted.
  await expect(page.getByTestId('withheld-notice')).toContainText('ocultos');

  await page.goto(`${stack.appUrl}/browse?genres=22`);
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar' })).toContainText(
    'o catálogo offline não sabe filtrar por gênero',
  );
  await stack.fake.clearFault(fault);
});

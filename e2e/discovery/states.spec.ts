import { expect, test } from '../support';
import { cards, carousel } from './helpers';
import { startEmptyStack, startPrivateStack, type PrivateStack } from './private-stack';

/**
 * Loading, error and empty states of the home carousels and Explore. These listings are the same
 * for every visitor and cached for 10 minutes, so each block runs against its own stack with a
 * cold cache (see private-stack.ts). Search states use unique terms on the shared server instead
 * (search.spec.ts).
 */

const SEASON = 'Animes da Temporada Atual';
const TOP = 'Animes Mais Bem Avaliados';
/** The top carousel's upstream call (params sorted by name, as lib/server/cache.ts sends them). */
const TOP_CAROUSEL_CALL = '/top/anime?filter=bypopularity&limit=10&';
/** Explore's popular tab's upstream call, first page (the catalogue's has no type). */
const POPULAR_TAB_CALL = 'order_by=popularity&page=1&sort=asc&type=tv';

test.describe('when the anime database fails', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: PrivateStack;
  test.beforeAll(async () => {
    stack = await startPrivateStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('the top carousel shows its error and recovers with "Tentar novamente"; the season one answers offline', async ({
    page,
  }) => {
    const seasonFault = await stack.fake.setFault({ service: 'jikan', mode: '500', match: '/seasons/now' });
    const topFault = await stack.fake.setFault({ service: 'jikan', mode: '503', match: '/top/anime' });
    await page.goto(`${stack.appUrl}/`);
    const season = carousel(page, SEASON);
    const top = carousel(page, TOP);
    // The season has an offline stand-in (the bangumi-data catalogue, marked as such);
    // top-rated needs the live scores, so it fails honestly.
    await expect(season.getByTestId('offline-badge')).toBeVisible();
    // None of the catalogue's season was ever fetched from the database: its age ratings are
    // unknown, so a visitor is told how many were withheld rather than shown them.
    await expect(season.getByTestId('withheld-notice')).toContainText(
      'ocultos enquanto o serviço de animes está fora do ar',
    );
    await expect(cards(season)).toHaveCount(0);
    await expect(top.getByText('Não foi possível carregar os animes mais bem avaliados.')).toBeVisible();
    await expect(cards(top)).toHaveCount(0);
    await stack.fake.clearFault(seasonFault);

    await stack.fake.clearFault(topFault);
    await top.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(cards(top)).toHaveCount(10);
  });

  test('an Explore tab shows the error and recovers with "Tentar novamente"', async ({ page }) => {
    // The popular tab: the home page of the test before prefetches /explore (its links are on
    // screen), which loads the default tab's listing into this stack's cache.
    const fault = await stack.fake.setFault({
      service: 'jikan',
      mode: 'malformed',
      match: 'order_by=popularity',
    });
    await page.goto(`${stack.appUrl}/explore?tab=popular`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('Não foi possível carregar os animes. Tente novamente.')).toBeVisible();
    await stack.fake.clearFault(fault);
    await panel.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(cards(panel)).toHaveCount(20);
  });

  test('a search that times out upstream is an error, not "no results"', async ({ page }) => {
    // Last in this block: its hanging call holds the stack's Jikan queue for the whole timeout, so a
    // test after it would be answered from the offline catalogue (the queue is long), not by the fault.
    // Here rather than on the shared server: a hanging call holds the app's Jikan queue for the
    // whole timeout, which would stall other tests' searches.
    // A term the offline catalogue cannot answer either (it stands in for terms it knows).
    await stack.fake.setFault({ service: 'jikan', mode: 'hang', match: 'q=qzxwv' });
    await page.goto(`${stack.appUrl}/search?q=qzxwv`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Erro ao realizar a busca. Tente novamente.',
      {
        timeout: 15_000,
      },
    );
  });
});

test.describe('while the anime database is slow', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: PrivateStack;
  test.beforeAll(async () => {
    // Slow answers (8 s) must stay slower than a loaded CI machine takes to look at the skeletons,
    // and within the app's upstream timeout.
    stack = await startPrivateStack({ JIKAN_TIMEOUT_MS: '15000' });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('a home carousel shows ten skeleton cards while it loads, then its cards', async ({ page }) => {
    // The first visitor of an uncached page waits for the whole render (the render cache stores
    // complete pages), so loading states show where the page loads data in the browser: here, a
    // retry after the top-rated listing failed (it has no offline stand-in, unlike the season).
    // Only the carousel's own call (limit 10): the page also prefetches /explore, whose top
    // listing (limit 20) must neither fail here nor use up the one slow answer below.
    const failure = await stack.fake.setFault({ service: 'jikan', mode: '500', match: TOP_CAROUSEL_CALL });
    await page.goto(`${stack.appUrl}/`);
    const top = carousel(page, TOP);
    await expect(top.getByRole('alert')).toContainText(
      'Não foi possível carregar os animes mais bem avaliados.',
    );
    await stack.fake.clearFault(failure);
    await stack.fake.setFault({
      service: 'jikan',
      mode: 'slow',
      delayMs: 8000,
      match: TOP_CAROUSEL_CALL,
      times: 1,
    });
    await top.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(top).toHaveAttribute('aria-busy', 'true');
    await expect(top.getByTestId('carousel-skeleton').getByTestId('anime-card-skeleton')).toHaveCount(10);
    // The row breathes as one: a single animation, not one per shape (on a slow phone every running
    // animation takes the main thread a share of each frame, until the page can act).
    expect(
      await top
        .getByTestId('carousel-skeleton')
        .evaluate((row) =>
          row
            .getAnimations({ subtree: true })
            .map((animation) => (animation.effect as KeyframeEffect | null)?.target === row),
        ),
    ).toEqual([true]);
    await expect(cards(top)).toHaveCount(10, { timeout: 20_000 });
    await expect(page.getByTestId('carousel-skeleton')).toHaveCount(0);
  });

  test('Explore shows skeletons while a tab loads on a tab change', async ({ page }) => {
    // To the popular tab: the home page of the test before prefetches /explore, so the top tab's
    // listing may already be in this stack's cache.
    await page.goto(`${stack.appUrl}/explore?tab=top&view=list`);
    const skeletons = page.getByTestId('anime-card-skeleton');
    await expect(cards(page).first()).toBeVisible();
    await expect(skeletons).toHaveCount(0);

    // The popular tab's own question: the catalogue (/browse) also lists by popularity, and the one
    // slow answer must not go to anything else.
    await stack.fake.setFault({
      service: 'jikan',
      mode: 'slow',
      delayMs: 8000,
      match: POPULAR_TAB_CALL,
      times: 1,
    });
    await page.getByRole('tab', { name: 'Animes Populares' }).click();
    await expect(page.getByRole('tab', { name: 'Animes Populares' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(skeletons).toHaveCount(20);
    // The list view's skeleton, matching the list cards to come.
    await expect(page.locator('[data-view="list"]').getByTestId('anime-card-skeleton')).toHaveCount(20);
    await expect(cards(page)).toHaveCount(20, { timeout: 20_000 });
    await expect(page).toHaveURL(/tab=popular&view=list/);
  });
});

test.describe('when the anime database has nothing', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: Awaited<ReturnType<typeof startEmptyStack>>;
  test.beforeAll(async () => {
    stack = await startEmptyStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test('home carousels say "Nenhum anime encontrado."', async ({ page }) => {
    await page.goto(`${stack.appUrl}/`);
    for (const title of [SEASON, TOP]) {
      await expect(carousel(page, title).getByRole('status')).toHaveText('Nenhum anime encontrado.');
    }
    await expect(cards(page)).toHaveCount(0);
  });

  test('Explore shows its empty state on every tab', async ({ page }) => {
    for (const tab of ['top', 'seasonal', 'popular']) {
      await page.goto(`${stack.appUrl}/explore?tab=${tab}`);
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible();
      await expect(panel.getByText('Tente ajustar os filtros ou explore outras categorias.')).toBeVisible();
    }
  });
});

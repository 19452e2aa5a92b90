import { expect, test, useLanguage } from '../support';
import { cardTitles, cards, viewButton } from './helpers';

test.describe('explore', () => {
  test('opens on Top Animes in the grid view with 20 cards', async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explorar' })).toBeVisible();
    const tablist = page.getByRole('tablist', { name: 'Categorias' });
    await expect(tablist.getByRole('tab')).toHaveText([
      'Top Animes',
      'Animes da Temporada',
      'Animes Populares',
    ]);
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    await expect(viewButton(page, 'Grade')).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Top Animes' });
    await expect(cards(panel)).toHaveCount(20);
    await expect(cards(panel).first()).toHaveAttribute('data-variant', 'grid');
    // /top/anime?type=tv&filter=bypopularity order (fake upstream README).
    expect((await cardTitles(panel)).slice(0, 3)).toEqual([
      'Shingeki no Kyojin',
      'Death Note',
      'Fullmetal Alchemist: Brotherhood',
    ]);
  });

  test('tabs work with the arrow keys, and each choice goes into the URL', async ({ page }) => {
    await page.goto('/explore');
    await page.getByRole('tab', { name: 'Top Animes' }).focus();
    await page.keyboard.press('ArrowRight');
    const seasonal = page.getByRole('tab', { name: 'Animes da Temporada' });
    await expect(seasonal).toBeFocused();
    await expect(seasonal).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/explore\?tab=seasonal&view=grid$/);
    await expect(cards(page.getByRole('tabpanel', { name: 'Animes da Temporada' }))).toHaveCount(4);

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Animes Populares' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page).toHaveURL(/tab=popular/);
    await expect(cards(page.getByRole('tabpanel', { name: 'Animes Populares' })).first()).toBeVisible();

    // Wraps around, and the Home key goes to the first tab.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Animes Populares' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=top/);
  });

  test('the list view shows synopses and survives a reload', async ({ page }) => {
    await page.goto('/explore?tab=top');
    await viewButton(page, 'Lista').click();
    await expect(page).toHaveURL(/\/explore\?tab=top&view=list$/);
    await expect(viewButton(page, 'Lista')).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(cards(panel).first()).toHaveAttribute('data-variant', 'list');
    await expect(
      panel.getByText(/For a century humanity has lived behind three enormous walls/),
    ).toBeVisible();

    await page.reload();
    await expect(viewButton(page, 'Lista')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page.getByRole('tabpanel')).first()).toHaveAttribute('data-variant', 'list');

    await viewButton(page, 'Grade').click();
    await expect(page).toHaveURL(/view=grid/);
    await expect(cards(page.getByRole('tabpanel')).first()).toHaveAttribute('data-variant', 'grid');
  });

  test('back and forward restore the tab and the view', async ({ page }) => {
    await page.goto('/explore');
    await viewButton(page, 'Lista').click();
    await expect(page).toHaveURL(/tab=top&view=list/);
    await page.getByRole('tab', { name: 'Animes Populares' }).click();
    await expect(page).toHaveURL(/tab=popular&view=list/);
    await expect(cards(page.getByRole('tabpanel', { name: 'Animes Populares' })).first()).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/tab=top&view=list/);
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page.getByRole('tabpanel', { name: 'Top Animes' })).first()).toHaveAttribute(
      'data-variant',
      'list',
    );

    await page.goForward();
    await expect(page).toHaveURL(/tab=popular&view=list/);
    await expect(page.getByRole('tab', { name: 'Animes Populares' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(cards(page.getByRole('tabpanel', { name: 'Animes Populares' })).first()).toBeVisible();
  });

  test('unknown tab and view values fall back to the defaults', async ({ page }) => {
    await page.goto('/explore?tab=hentai&view=<script>');
    await expect(page.getByRole('tab', { name: 'Top Animes' })).toHaveAttribute('aria-selected', 'true');
    await expect(viewButton(page, 'Grade')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page.getByRole('tabpanel'))).toHaveCount(20);
  });

  test('hides adult entries from anonymous visitors', async ({ page }) => {
    await page.goto('/explore?tab=seasonal');
    const titles = await cardTitles(page.getByRole('tabpanel', { name: 'Animes da Temporada' }));
    expect(titles).toHaveLength(4);
    expect(titles.join(' ')).not.toMatch(/Akai Yokujou|Natsu no Ryou/);
  });

  test('on a phone: two columns, tabs and the view switch within the width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/explore');
    const panel = page.getByRole('tabpanel');
    await expect(cards(panel)).toHaveCount(20);
    const [a, b, c] = await cards(panel).evaluateAll((nodes) =>
      nodes.slice(0, 3).map((node) => node.getBoundingClientRect().top),
    );
    expect(a).toBe(b);
    expect(c).toBeGreaterThan(a!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const tab of await page.getByRole('tab').all()) {
      expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });

  test('speaks English', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/explore?tab=top&view=list');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Top Anime');
    // English titles first when the language is English.
    await expect(cards(page).first().getByRole('heading')).toHaveText('Attack on Titan');
  });
});

test.describe('explore without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a tab shows its cards, not their skeletons', async ({ page }) => {
    // The cached page holds the cards in place: nothing waits for a script to swap them in.
    await page.goto('/explore?tab=top&view=list');
    const panel = page.getByRole('tabpanel', { name: 'Top Animes' });
    await expect(cards(panel)).toHaveCount(20);
    await expect(cards(panel).first()).toBeVisible();
    await expect(cards(panel).first()).toHaveAttribute('data-variant', 'list');
    await expect(page.getByTestId('anime-card-skeleton')).toHaveCount(0);
  });
});

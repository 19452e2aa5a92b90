import type { Page } from '@playwright/test';
import { expect, fake, test, useLanguage } from '../support';
import { cards, uniqueTerm, viewButton } from './helpers';

/** mal_ids of the anime cards in order, read from their links. */
async function ids(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .getByRole('link')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.split('/').pop()));
}

// The fake upstream's orders for q=naruto (e2e/fake-upstream/README.md).
const NARUTO_MOST_POPULAR_FIRST = [20, 1735, 34566, 16870, 442, 2472, 761, 90120, 12979];
const NARUTO_TITLE_ASC = [34566, 90120, 20, 442, 12979, 1735, 2472, 761, 16870];
const NARUTO_SCORE_DESC = [1735, 20, 16870, 2472, 442, 12979, 761, 90120, 34566];

test.describe('search page', () => {
  test('shows what was searched, the count and the results, most popular first', async ({ page }) => {
    await page.goto('/search?q=naruto');
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados da Busca' })).toBeVisible();
    await expect(page.getByText('Buscando por: naruto')).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('9 resultados');
    await expect(page.getByRole('combobox', { name: 'Ordenar por' }).locator('option:checked')).toHaveText(
      'Relevância',
    );
    await expect(cards(page)).toHaveCount(9);
    expect(await ids(page)).toEqual(NARUTO_MOST_POPULAR_FIRST);
  });

  test('sorts by title and by score, and the sort survives a reload', async ({ page }) => {
    await page.goto('/search?q=naruto');
    await expect(cards(page)).toHaveCount(9);

    const select = page.getByRole('combobox', { name: 'Ordenar por' });
    await select.selectOption({ label: 'Título' });
    await expect(page).toHaveURL(/\/search\?q=naruto&sort=title$/);
    await expect.poll(() => ids(page)).toEqual(NARUTO_TITLE_ASC);

    await page.reload();
    await expect(select.locator('option:checked')).toHaveText('Título');
    expect(await ids(page)).toEqual(NARUTO_TITLE_ASC);

    await select.selectOption({ label: 'Pontuação' });
    await expect(page).toHaveURL(/sort=score/);
    await expect.poll(() => ids(page)).toEqual(NARUTO_SCORE_DESC);
  });

  test('the sort select works with the keyboard', async ({ page }) => {
    await page.goto('/search?q=naruto');
    const select = page.getByRole('combobox', { name: 'Ordenar por' });
    await select.focus();
    // A closed native select changes its value with the arrow keys.
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=title/);
    await expect(select).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/sort=score/);
    await expect(select.locator('option:checked')).toHaveText('Pontuação');
    await expect.poll(() => ids(page)).toEqual(NARUTO_SCORE_DESC);
  });

  test('switches to the list view, which keeps the sort and survives a reload', async ({ page }) => {
    await page.goto('/search?q=naruto&sort=title');
    await viewButton(page, 'Lista').click();
    await expect(page).toHaveURL(/\/search\?q=naruto&sort=title&view=list$/);
    await expect(cards(page).first()).toHaveAttribute('data-variant', 'list');
    await expect(
      cards(page)
        .first()
        .getByText('Boruto: Naruto Next Generations is a series in the fake upstream catalogue', {
          exact: false,
        }),
    ).toBeVisible();
    await page.reload();
    await expect(viewButton(page, 'Lista')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(9);
    await expect(cards(page).first()).toHaveAttribute('data-variant', 'list');
    expect(await ids(page)).toEqual(NARUTO_TITLE_ASC);
  });

  test('shows the spinner while a new sort of the search runs', async ({ page }) => {
    const term = uniqueTerm('slow');
    await page.goto(`/search?q=${encodeURIComponent(term)}`);
    await expect(page.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible();
    const fault = await fake.setFault({ service: 'jikan', mode: 'slow', delayMs: 2500, match: `q=${term}` });
    try {
      await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Título' });
      await expect(page.getByRole('status').filter({ hasText: 'Carregando animes...' })).toBeVisible();
      await expect(page.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible({
        timeout: 10_000,
      });
      await expect(page.getByText('Carregando animes...')).toHaveCount(0);
      await expect(page).toHaveURL(/sort=title/);
    } finally {
      await fake.clearFault(fault);
    }
  });

  test('shows the error with "Tentar novamente", which searches again', async ({ page }) => {
    const term = uniqueTerm('fault');
    const fault = await fake.setFault({ service: 'jikan', mode: '500', match: `q=${term}` });
    await page.goto(`/search?q=${encodeURIComponent(term)}`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Erro ao realizar a busca. Tente novamente.',
    );
    await fake.clearFault(fault);
    const before = (await fake.calls({ service: 'jikan', match: `q=${term}` })).length;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible();
    expect((await fake.calls({ service: 'jikan', match: `q=${term}` })).length).toBe(before + 1);
  });

  test('finds nothing: the empty state with three tips and a way to Explore', async ({ page }) => {
    await page.goto('/search?q=zzz-no-such-anime');
    await expect(page.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible();
    for (const tip of ['Verifique a ortografia', 'Use termos mais gerais', 'Tente sinônimos']) {
      await expect(page.getByRole('listitem').filter({ hasText: tip })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Explorar animes' }).click();
    await expect(page).toHaveURL(/\/explore/);
  });

  test('a blank query asks nothing and says what to do', async ({ page }) => {
    const since = Date.now();
    for (const path of ['/search', '/search?q=%20%20%20']) {
      await page.goto(path);
      await expect(page.getByText('Digite o nome de um anime na barra de busca para começar.')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveCount(0);
    }
    const searches = (await fake.calls({ service: 'jikan', since })).filter(
      (call) => call.path.endsWith('/anime') && call.query.limit === '25' && !call.query.q,
    );
    expect(searches).toEqual([]);
    await page.getByRole('link', { name: 'Death Note' }).click();
    await expect(page).toHaveURL(/\/search\?q=Death\+Note$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('a 10 000-character query is refused clearly and does not break the layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const since = Date.now();
    await page.goto(`/search?q=${'x'.repeat(10_000)}`);
    await expect(page.getByText('A busca é longa demais. Use no máximo 200 caracteres.')).toBeVisible();
    const shown = await page.getByText(/^Buscando por:/).innerText();
    expect(shown.length).toBeLessThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await fake.calls({ service: 'jikan', since, match: 'xxxxxxxxxx' })).length).toBe(0);
  });

  test('the query is shown as text, never as markup', async ({ page }) => {
    const q = '<img src=x onerror="window.__owned=1"><b>bold</b>';
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.getByText(`Buscando por: ${q}`)).toBeVisible();
    await expect(page.getByText('Nenhum anime encontrado', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
    await expect(page.locator('main b')).toHaveCount(0);
  });

  test("'Carregar mais' appends the next pages of 25 until there are no more", async ({ page }) => {
    // q=a matches 55 records over three pages of 25; the adult ones among them are hidden.
    await page.goto('/search?q=a');
    const count = page.getByTestId('result-count');
    const firstPage = await ids(page);
    expect(firstPage.length).toBeGreaterThan(20);
    expect(firstPage.length).toBeLessThanOrEqual(25);
    await expect(count).toHaveText(`Mais de ${firstPage.length} resultados`);

    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect.poll(async () => (await ids(page)).length).toBeGreaterThan(firstPage.length + 20);
    expect((await ids(page)).slice(0, firstPage.length)).toEqual(firstPage);

    await page.getByRole('button', { name: 'Carregar mais' }).click();
    // The button also steps aside while a page loads: wait for the last page's cards first.
    await expect.poll(async () => (await ids(page)).length).toBeGreaterThan(50);
    await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    const all = await ids(page);
    expect(new Set(all).size).toBe(all.length);
    await expect(count).toHaveText(`${all.length} resultados`);
  });

  test("a failed 'Carregar mais' says so and can be retried", async ({ page }) => {
    await page.goto('/search?q=u');
    const firstPage = await ids(page);
    expect(firstPage.length).toBeGreaterThan(20);
    const fault = await fake.setFault({ service: 'jikan', mode: '503', match: 'page=2&q=u&' });
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Não foi possível carregar mais resultados.',
    );
    expect(await ids(page)).toEqual(firstPage);
    await fake.clearFault(fault);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(async () => (await ids(page)).length).toBeGreaterThan(firstPage.length);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  });

  test('a broken or missing cover shows the placeholder image', async ({ page }) => {
    await page.goto('/search?q=hikari no michi');
    const cover = cards(page).first().locator('img');
    await expect(cover).toHaveAttribute('src', '/images/anime-placeholder.svg');
    await page.goto('/search?q=project kagerou');
    await expect(cards(page).first().getByRole('heading')).toHaveText('Project Kagerou');
    await expect(cards(page).first().locator('img')).toHaveAttribute('src', '/images/anime-placeholder.svg');
    await expect(cards(page).first().locator('img')).toHaveJSProperty('naturalWidth', 200);
  });

  test('speaks English', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/search?q=attack on titan');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(page.getByText('Searching for: attack on titan')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText(
      'Relevance',
    );
    await expect(cards(page).first().getByRole('heading')).toHaveText('Attack on Titan');
  });
});

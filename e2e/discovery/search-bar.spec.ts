import type { Page } from '@playwright/test';
import { expect, fake, test } from '../support';
import { cards } from './helpers';

function headerSearch(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Buscar animes' });
}

test.describe('search bar', () => {
  test('asks for suggestions once for a word typed fast (300 ms debounce)', async ({ page }) => {
    const word = `zq${Date.now().toString(36)}`;
    // Only this test's calls: the fake upstream may have served earlier runs' words.
    const since = Date.now();
    // When each keystroke reached the page: on a loaded machine the browser itself may pause for
    // more than 300 ms between two of them, and then a request for that prefix is right.
    await page.addInitScript(() => {
      const log: { value: string; at: number }[] = [];
      (window as unknown as { __inputs: typeof log }).__inputs = log;
      document.addEventListener('input', (event) => {
        if (event.target instanceof HTMLInputElement)
          log.push({ value: event.target.value, at: performance.now() });
      });
    });
    await page.goto('/');
    const box = headerSearch(page);
    await box.click();
    await box.pressSequentially(word);
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Nenhuma sugestão encontrada.');
    await page.waitForTimeout(600);

    const inputs = await page.evaluate(
      () => (window as unknown as { __inputs: { value: string; at: number }[] }).__inputs,
    );
    const paused = new Set(
      inputs
        .filter((input, index) => (inputs[index + 1]?.at ?? Infinity) - input.at >= 250)
        .map((input) => input.value),
    );
    const calls = await fake.calls({ service: 'jikan', match: `q=${word.slice(0, 2)}`, since });
    const terms = calls.map((call) => call.query.q);
    expect(terms.filter((term) => term === word)).toHaveLength(1);
    for (const term of terms) expect(paused.has(term ?? '')).toBe(true);
    expect(calls.find((call) => call.query.q === word)?.query.limit).toBe('5');
  });

  test('shows up to five suggestions and opens the chosen anime', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    await box.fill('naruto');
    const suggestions = page.getByRole('group', { name: 'Sugestões' }).getByRole('option');
    await expect(suggestions).toHaveCount(5);
    await expect(suggestions.first()).toContainText('Naruto');
    await box.press('ArrowDown');
    await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/anime\/20$/);
  });

  test('opens on focus with the popular searches; Escape and a click outside close it', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    await box.focus();
    const popular = page.getByRole('group', { name: 'Buscas populares' }).getByRole('option');
    await expect(popular).toHaveText([
      'Naruto',
      'Dragon Ball',
      'One Piece',
      'Attack on Titan',
      'Death Note',
      'Fullmetal Alchemist',
      'My Hero Academia',
    ]);
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('listbox')).toBeHidden();

    await box.fill('death');
    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('keeps the five most recent searches, newest first, without duplicates', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    for (const term of ['Bleach', 'Monster', 'Naruto', 'Frieren', 'Gintama', 'Mushishi', 'naruto']) {
      await box.fill(term);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${term}$`));
    }
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('recentSearches') ?? 'null'))).toEqual([
      'naruto',
      'Mushishi',
      'Gintama',
      'Frieren',
      'Monster',
    ]);
    await box.fill('');
    const recent = page.getByRole('group', { name: 'Buscas recentes' }).getByRole('option');
    await expect(recent).toHaveText(['naruto', 'Mushishi', 'Gintama', 'Frieren', 'Monster']);

    await page.reload();
    await headerSearch(page).focus();
    await expect(recent).toHaveText(['naruto', 'Mushishi', 'Gintama', 'Frieren', 'Monster']);
    await recent.nth(3).click();
    await expect(page).toHaveURL(/\/search\?q=Frieren$/);
  });

  test('tolerates a corrupted recentSearches entry', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('recentSearches', '{"not": "a list"'));
    await page.reload();
    const box = headerSearch(page);
    await box.focus();
    await expect(page.getByRole('group', { name: 'Buscas populares' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Buscas recentes' })).toHaveCount(0);
    await box.fill('Death Note');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=Death\+Note$/);
    expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBe('["Death Note"]');
  });

  test('keyboard only: "/" to focus, arrows and Enter to pick, Enter to search', async ({ page }) => {
    await page.goto('/explore');
    await page.locator('body').press('/');
    const box = headerSearch(page);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=One\+Piece$/);
    await expect(cards(page).first()).toBeVisible();

    await page.locator('body').press('/');
    await expect(box).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('fullmetal');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=fullmetal$/);
    await expect(cards(page)).toHaveCount(2);

    // From a control that is not a text field, '/' still jumps to the search.
    await page.getByRole('combobox', { name: 'Ordenar por' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
  });

  test('a popup whose code could not load offline comes when the connection is back, arrows kept', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    // Hydrated: the header's controls are enabled once they can act.
    await expect(page.getByRole('button', { name: 'Minhas Listas' })).toBeEnabled();
    await context.setOffline(true);
    const failedChunk = page.waitForEvent('requestfailed', (request) =>
      request.url().includes('/_next/static/'),
    );
    const box = headerSearch(page);
    await box.focus();
    await box.press('ArrowDown');
    await failedChunk;
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(box).toBeFocused();

    await context.setOffline(false);
    const popular = page.getByRole('group', { name: 'Buscas populares' }).getByRole('option');
    await expect(popular.first()).toHaveText('Naruto');
    // The arrow pressed while the popup could not come moved to the first option once it did.
    await expect(popular.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Naruto$/);
  });

  test('works inside the mobile menu at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    const box = dialog.getByRole('combobox', { name: 'Buscar animes' });
    await box.click();
    await expect(dialog.getByRole('group', { name: 'Buscas populares' })).toBeVisible();
    const popup = await dialog.getByRole('listbox').boundingBox();
    expect(popup!.x).toBeGreaterThanOrEqual(0);
    expect(popup!.x + popup!.width).toBeLessThanOrEqual(390);
    // Escape closes the list first, the menu only after.
    await box.press('Escape');
    await expect(dialog.getByRole('listbox')).toBeHidden();
    await expect(dialog).toBeVisible();
    await box.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await dialog.getByRole('combobox', { name: 'Buscar animes' }).fill('one piece');
    await dialog.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=one\+piece$/);
    await expect(dialog).toBeHidden();
    await expect(cards(page).first()).toBeVisible();
  });
});

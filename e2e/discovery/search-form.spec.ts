import type { Page } from '@playwright/test';
import { expect, test } from '../support';
import { cards } from './helpers';

function headerSearch(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Buscar animes' });
}

test.describe('header search as a plain form', () => {
  test.use({ javaScriptEnabled: false });

  test('Enter without JavaScript reaches /search?q=… with results', async ({ page }) => {
    await page.goto('/');
    const box = headerSearch(page);
    await box.fill('naruto');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=naruto$/);
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).first()).toContainText('Naruto');
  });

  test('the magnifier submits the narrow bar without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/explore');
    await headerSearch(page).fill('death note');
    await page.getByRole('banner').getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=death\+note$/);
    await expect(cards(page).first()).toContainText('Death Note');
  });
});

test.describe('header search, first tap', () => {
  test('typing right after load shows suggestions, in 10 fresh visits', async ({ browser, baseURL }) => {
    // Ten page loads in a row; the lightest page with the header (its content is drawn in the browser).
    test.setTimeout(300_000);
    for (let visit = 0; visit < 10; visit++) {
      const context = await browser.newContext({
        baseURL,
        locale: 'pt-BR',
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await page.goto('/my-ratings', { waitUntil: 'load' });
      await page.getByRole('banner').getByRole('combobox', { name: 'Buscar animes' }).fill('naru');
      const suggestions = page
        .getByRole('banner')
        .getByRole('group', { name: 'Sugestões' })
        .getByRole('option');
      await expect(suggestions.first(), `visit ${visit + 1}`).toContainText('Naruto');
      await context.close();
    }
  });
});

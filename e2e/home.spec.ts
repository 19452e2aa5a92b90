import { expect, test } from './support';

test('home shows the hero, three feature blurbs and the CTA to /explore', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Anime Master' })).toBeVisible();
  await expect(page.getByText('Descubra, organize e avalie seus animes favoritos em um só lugar.')).toBeVisible();
  for (const title of ['Descubra animes', 'Organize sua lista', 'Avalie e comente']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Explorar Animes' }).first().click();
  await expect(page).toHaveURL(/\/explore/);
});

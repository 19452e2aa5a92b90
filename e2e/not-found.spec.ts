import { expect, test } from './support';

test('an unknown path answers 404 with the not-found page and a link home', async ({ page }) => {
  const response = await page.goto('/isto/nao/existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anime Master' })).toBeVisible();
});

test('a hostile path is answered with the 404 page, not echoed', async ({ page }) => {
  const response = await page.goto('/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toBeVisible();
});

import { expect, test } from './support';

test('a render error shows the error screen and "Tentar Novamente" recovers', async ({ page }) => {
  await page.goto('/test');
  await page.getByRole('button', { name: 'Simular erro de renderização' }).click();
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeVisible();
  await expect(
    page.getByText('Ocorreu um erro inesperado na aplicação. Nossa equipe foi notificada.'),
  ).toBeVisible();
  // The header stays usable around the broken segment.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Configurações' })).toBeVisible();

  await page.getByRole('button', { name: 'Tentar Novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Simular erro de renderização' })).toBeVisible();
});

test('"Recarregar Página" reloads the page', async ({ page }) => {
  await page.goto('/test');
  await page.getByRole('button', { name: 'Simular erro de renderização' }).click();
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeVisible();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Recarregar Página' }).click(),
  ]);
  await expect(page.getByRole('button', { name: 'Simular erro de renderização' })).toBeVisible();
});

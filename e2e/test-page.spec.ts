import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The developer page /test (SPEC §2): each button calls our own API and shows result and time. */

const row = (page: Page, id: string) => page.getByTestId(`api-test-${id}`);

async function runTest(page: Page, id: string, name: string | RegExp) {
  await row(page, id).getByRole('button', { name }).click();
  await expect(row(page, id).getByTestId('api-test-time')).toHaveText(/^\d+ ms$/);
}

test.describe('/test page', () => {
  test('details for ids 1, 5 and an invalid id', async ({ page }) => {
    await page.goto('/test');
    await runTest(page, 'details1', 'Detalhes do anime 1');
    await expect(row(page, 'details1').getByTestId('api-test-summary')).toHaveText('OK: #1 Cowboy Bebop');
    await runTest(page, 'details5', 'Detalhes do anime 5');
    await expect(row(page, 'details5').getByTestId('api-test-summary')).toHaveText(
      'OK: #5 Cowboy Bebop: Tengoku no Tobira',
    );
    await runTest(page, 'detailsInvalid', /ID inválido/);
    await expect(row(page, 'detailsInvalid').getByTestId('api-test-summary')).toContainText('400 INVALID_ID');
    await row(page, 'details1').getByText('Resposta completa').click();
    await expect(row(page, 'details1').locator('pre')).toContainText('"title": "Cowboy Bebop"');
  });

  test('episode search for Naruto and One Piece goes through title → id, and the mapping test', async ({ page }) => {
    await page.goto('/test');
    await runTest(page, 'streamNaruto', 'Busca de episódios: Naruto');
    await expect(row(page, 'streamNaruto').getByTestId('api-test-summary')).toHaveText(
      'OK: "Naruto" (ID 20): 12 episódios.',
    );
    await runTest(page, 'streamOnePiece', 'Busca de episódios: One Piece');
    await expect(row(page, 'streamOnePiece').getByTestId('api-test-summary')).toHaveText(
      'OK: "One Piece" (ID 21): 12 episódios.',
    );
    await runTest(page, 'mapping', /Teste de mapeamento/);
    await expect(row(page, 'mapping').getByTestId('api-test-summary')).toHaveText(
      'OK: Cowboy Bebop → 1 · Naruto → 20 · One Piece → 21',
    );
  });

  test('"Executar todos" runs every test and "Limpar cache" clears the local cache and the results', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('jikan_cache_data', '{}');
        localStorage.setItem('jikan_cache_times', '{}');
      }
    });
    await page.goto('/test');
    await page.getByRole('button', { name: 'Executar todos' }).click();
    await expect(page.getByTestId('api-test-time')).toHaveCount(6, { timeout: 30_000 });
    await expect(page.getByTestId('api-test-summary').filter({ hasText: /^Falhou/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpar cache' }).click();
    await expect(page.getByText('Cache local limpo (2 chaves removidas).')).toBeVisible();
    await expect(page.getByTestId('api-test-time')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('jikan_cache_data'))).toBeNull();
  });

  test('"Exportar logs" downloads a dated JSON file', async ({ page }) => {
    await page.goto('/test');
    await runTest(page, 'details1', 'Detalhes do anime 1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar logs' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^anime-master-logs-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as {
      version: string;
      logs: { message: string }[];
      apiStats: { animeApi?: { calls: number } };
    };
    expect(body.version).toBe('1.0.0');
    expect(body.logs.some((entry) => entry.message === 'API test')).toBe(true);
    expect(body.apiStats.animeApi?.calls).toBeGreaterThan(0);
  });
});

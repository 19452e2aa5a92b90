import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../support';
import { readStorage, seedStorage, snapshot } from './seed';

const PERSONAL_KEYS =
  /^(animeRating_|planToWatchList|watchingList|completedList|droppedList|onHoldList|anime-master-(list|rating)-entries|theme|recentSearches)/;

function personal(storage: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(storage).filter(([key]) => PERSONAL_KEYS.test(key)));
}

const seed = {
  animeRating_940001: { rating: 5, opinion: 'Guardado no backup' },
  animeRating_940002: { rating: 3, opinion: '' },
  'anime-master-rating-entries': {
    940001: { snapshot: snapshot('Backup Um'), ratedAt: '2026-11-20T10:00:00.000Z' },
  },
  watchingList: [940001],
  planToWatchList: [940003],
  completedList: [],
  droppedList: [],
  onHoldList: [940004],
  'anime-master-list-entries': {
    940001: {
      snapshot: snapshot('Backup Um', { episodes: 24 }),
      progress: 7,
      startedAt: '2026-11-01',
      finishedAt: null,
    },
    940003: { snapshot: snapshot('Backup Três'), progress: 0, startedAt: null, finishedAt: null },
    940004: { snapshot: snapshot('Backup Quatro'), progress: 2, startedAt: '2026-10-01', finishedAt: null },
  },
  theme: 'dark',
  recentSearches: ['Naruto', 'Bleach'],
};

test.describe('settings → data', () => {
  test('export, clear all, import: everything comes back', async ({ page }) => {
    await seedStorage(page, seed, '/settings');
    const before = personal(await readStorage(page));

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Dados' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^anime-master-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const backup = JSON.parse(await readFile(file, 'utf8')) as { meta: { app: string; version: number } };
    expect(backup.meta).toMatchObject({ app: 'anime-master', version: 1 });

    await page.getByRole('button', { name: 'Limpar Todos os Dados' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Tem certeza que deseja limpar todos os dados? Esta ação não pode ser desfeita.',
    );
    await dialog.getByRole('button', { name: 'Limpar tudo' }).click();
    await expect.poll(async () => personal(await readStorage(page))).toEqual({});
    await page.goto('/watching');
    await expect(page.getByText('Sua lista "Assistindo Atualmente" está vazia.')).toBeVisible();

    await page.goto('/settings');
    await page.getByTestId('backup-file').setInputFiles(file);
    await expect(page.getByRole('status').filter({ hasText: 'Importação concluída!' })).toContainText(
      'Importação concluída! Atualize as páginas para ver os dados.',
    );
    expect(personal(await readStorage(page))).toEqual(before);
    await expect(page.locator('html')).toHaveClass(/dark/);

    await page.goto('/watching');
    await expect(page.getByTestId('progress')).toHaveText('7/24 episódios');
    await page.goto('/on-hold');
    await expect(page.getByRole('heading', { name: 'Backup Quatro' })).toBeVisible();
  });

  test('a bad file leaves every piece of data untouched', async ({ page }) => {
    await seedStorage(page, seed, '/settings');
    const before = await readStorage(page);
    const input = page.getByTestId('backup-file');
    const status = page.getByTestId('data-status');

    await input.setInputFiles({
      name: 'backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"ratings": {'),
    });
    await expect(status).toHaveText(
      'Arquivo inválido. Certifique-se de selecionar um backup JSON exportado pelo app.',
    );

    await input.setInputFiles({
      name: 'hostile.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"meta":{"app":"anime-master","version":1},"ratings":{"animeRating_1":5},"lists":{"watchingList":[{"__proto__":1}]}}',
      ),
    });
    await expect(status).toHaveText(/^Falha na importação: Invalid data/);

    await input.setInputFiles({
      name: 'big.json',
      mimeType: 'application/json',
      buffer: Buffer.alloc(6 * 1024 * 1024, 32),
    });
    await expect(status).toHaveText('Falha na importação: arquivo maior que 5 MB');

    expect(await readStorage(page)).toEqual(before);
  });

  test('imports a MyAnimeList export (gzipped too) and exports one back', async ({ page }) => {
    const xml = await readFile(
      path.join(__dirname, '../../lib/backup/fixtures/animelist_1700000000_-_1234567.xml'),
    );
    await page.goto('/settings');
    await page.getByTestId('mal-file').setInputFiles({
      name: 'animelist_1700000000_-_1234567.xml.gz',
      mimeType: 'application/gzip',
      buffer: gzipSync(xml),
    });
    const status = page.getByTestId('data-status');
    await expect(status).toContainText('Lista do MyAnimeList importada!');
    await expect(status).toContainText(
      'Assistindo: 1 · Completos: 2 · Pausados: 1 · Desistidos: 1 · Planejados: 1 · Avaliações: 5. 3 linhas ignoradas. 2 com status desconhecido (notas mantidas).',
    );

    await page.goto('/on-hold');
    await expect(page.getByRole('heading', { name: 'Naruto', exact: true })).toBeVisible();
    await page.goto('/completed');
    await expect(page.getByTestId('list-entry')).toHaveCount(2);
    await page.goto('/my-ratings');
    await expect(page.getByText('<b>Obra-prima</b> & trilha sonora')).toBeVisible();

    await page.goto('/settings');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar para o MyAnimeList' }).click();
    const exported = await readFile(await (await downloadPromise).path(), 'utf8');
    expect(exported).toContain('<series_animedb_id>20</series_animedb_id>');
    expect(exported).toContain('<my_status>On-Hold</my_status>');
    await expect(status).toContainText('6 animes exportados para o formato do MyAnimeList.');
  });
});

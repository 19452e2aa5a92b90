import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  createGoogleUser,
  fakeGoogleClaims,
  idTokenFor,
  type EmulatorGoogleUser,
} from '../auth-emulator/client';
import { seedStorage, snapshot } from '../personal/seed';
import { rate, returnToTab } from './helpers';
import { expect, test } from '../support';

/**
 * A signed-in fan's library synced through the server (app/api/library), against the Firebase
 * Auth emulator: two browser contexts are two devices of one person.
 */

let counter = 0;
function uniqueUser(name: string): EmulatorGoogleUser {
  counter += 1;
  const sub = `sync-${name.toLowerCase()}-${Date.now()}-${process.pid}-${counter}`;
  return { sub, name, email: `${sub}@example.com`, birthday: '1990-01-01' };
}

async function signIn(page: Page, user: EmulatorGoogleUser) {
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  // The sign-in code loads on this click: slow on a busy machine.
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible({ timeout: 30_000 });
}

/** A new device (browser context) where `user` signs in on the home page. */
async function device(
  browser: Browser,
  user: EmulatorGoogleUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, user);
  return { context, page };
}

/** Settings › Conta's sync status, once the sync has settled. */
async function expectSynced(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const status = page.getByTestId('sync-status');
  await expect(status).toContainText('Sincronizado', { timeout: 30_000 });
  await expect(status.getByText('Alterações pendentes').locator('..')).toContainText('0');
}

async function serverEntries(user: EmulatorGoogleUser, baseURL: string) {
  const token = await idTokenFor(user);
  const response = await fetch(`${baseURL}/api/library`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return ((await response.json()) as { entries: { kind: string; key: string; deleted: boolean }[] }).entries;
}

test.describe('library sync between devices', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a rating made on A appears on B; a removal on B disappears from A', async ({ browser }) => {
    const user = uniqueUser('Duas Telas');
    await createGoogleUser(user);
    const a = await device(browser, user);
    const b = await device(browser, user);

    // B is open on its ratings page, empty, while A rates.
    await b.page.goto('/my-ratings');
    await expect(
      b.page.getByText('Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!'),
    ).toBeVisible();
    await rate(a.page, 121, 4, 'Visto no notebook.');
    await expectSynced(a.page);

    // B picks it up when its tab regains focus (or, at the latest, at the 30 s interval).
    await returnToTab(b.page);
    await expect(b.page.getByTestId('rated-entry')).toHaveCount(1, { timeout: 45_000 });
    await expect(b.page.getByText('Visto no notebook.')).toBeVisible();

    await b.page.goto('/anime/121');
    const block = b.page.getByTestId('rating-block');
    await expect(block.getByTestId('rating-label')).toHaveText('4/5');
    await block.getByRole('button', { name: 'Remover' }).click();
    await expect(block.getByTestId('rating-status')).toHaveText('Avaliação removida com sucesso!');
    await expectSynced(b.page);

    await a.page.goto('/my-ratings');
    await expect(a.page.getByTestId('rated-entry')).toHaveCount(0, { timeout: 30_000 });
    await expect(
      a.page.getByText('Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!'),
    ).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test('an edit made while A is offline reaches B once A is back online, pushed once from two tabs', async ({
    browser,
  }) => {
    const user = uniqueUser('Sem Rede');
    await createGoogleUser(user);
    const a = await device(browser, user);
    const b = await device(browser, user);
    const pushes: string[] = [];
    a.context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/library'))
        pushes.push(request.postData() ?? '');
    });
    // Tab 1 of A shows the sync status; the change is made in tab 2.
    await expectSynced(a.page);
    const status = a.page.getByTestId('sync-status');
    const tab2 = await a.context.newPage();
    await tab2.goto('/anime/5114');
    const lists = tab2.getByTestId('watch-list');
    await expect(lists.getByRole('button', { name: 'Assistindo' })).toHaveAttribute('aria-pressed', 'false');

    await a.context.setOffline(true);
    await lists.getByRole('button', { name: 'Assistindo' }).click();
    await expect(lists.getByRole('button', { name: 'Assistindo' })).toHaveAttribute('aria-pressed', 'true');
    await expect(status.getByText('Alterações pendentes').locator('..')).toContainText('1');
    await expect(status).toContainText('Sem conexão');

    await a.context.setOffline(false);
    await expect(status).toContainText('Sincronizado', { timeout: 30_000 });
    await expect(status.getByText('Alterações pendentes').locator('..')).toContainText('0');
    expect(pushes.filter((body) => body.includes('"key":"5114"'))).toHaveLength(1);

    await b.page.goto('/watching');
    await expect(b.page.getByRole('heading', { name: 'Fullmetal Alchemist: Brotherhood' })).toBeVisible({
      timeout: 30_000,
    });
    await a.context.close();
    await b.context.close();
  });

  test('the first sign-in asks, then merges the local library and says what it merged', async ({
    browser,
    baseURL,
  }) => {
    const user = uniqueUser('Mescla');
    await createGoogleUser(user);
    // The account already holds one rating, from another device.
    const other = await device(browser, user);
    await rate(other.page, 1535, 5, 'Do celular.');
    await expectSynced(other.page);

    const context = await browser.newContext();
    const page = await context.newPage();
    await seedStorage(
      page,
      {
        animeRating_930001: { rating: 4, opinion: 'Antes do login' },
        animeRating_930002: { rating: 3, opinion: '' },
        'anime-master-rating-entries': {
          930001: { snapshot: snapshot('Local Um'), ratedAt: '2026-11-20T10:00:00.000Z' },
          930002: { snapshot: snapshot('Local Dois'), ratedAt: '2026-11-21T10:00:00.000Z' },
        },
        watchingList: [930003],
        planToWatchList: [930004],
        completedList: [930001],
        'anime-master-list-entries': {
          930003: {
            snapshot: snapshot('Local Três'),
            progress: 2,
            startedAt: '2026-11-01',
            finishedAt: null,
          },
          930004: { snapshot: snapshot('Local Quatro'), progress: 0, startedAt: null, finishedAt: null },
          930001: {
            snapshot: snapshot('Local Um'),
            progress: 12,
            startedAt: '2026-10-01',
            finishedAt: '2026-10-20',
          },
        },
      },
      '/',
    );
    await signIn(page, user);
    // Never merged silently: the person is asked first.
    const question = page.getByRole('alertdialog', {
      name: 'Juntar 2 avaliações e 3 itens de listas deste aparelho à sua conta?',
    });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await question.getByRole('button', { name: 'Juntar à minha conta' }).click();
    await expect(page.getByText('3 avaliações e 3 animes de listas sincronizados')).toBeVisible({
      timeout: 30_000,
    });
    await page.goto('/my-ratings');
    await expect(page.getByTestId('rated-entry')).toHaveCount(3);
    await expect(page.getByText('Do celular.')).toBeVisible();

    const entries = await serverEntries(user, baseURL!);
    expect(
      entries
        .filter((entry) => entry.kind === 'rating')
        .map((entry) => entry.key)
        .sort(),
    ).toEqual(['1535', '930001', '930002']);
    expect(
      entries
        .filter((entry) => entry.kind === 'list')
        .map((entry) => entry.key)
        .sort(),
    ).toEqual(['930001', '930003', '930004']);

    await other.page.goto('/watching');
    await expect(other.page.getByRole('heading', { name: 'Local Três' })).toBeVisible({ timeout: 30_000 });
    await other.context.close();
    await context.close();
  });

  test('a second user never sees the first one’s data', async ({ browser, baseURL }) => {
    const first = uniqueUser('Primeira');
    const second = uniqueUser('Segunda');
    await createGoogleUser(first);
    await createGoogleUser(second);
    const a = await device(browser, first);
    await rate(a.page, 121, 5, 'Só da primeira.');
    await expectSynced(a.page);

    const b = await device(browser, second);
    await expectSynced(b.page);
    // The sync section is accessible (names, contrast), with its confirmation open too.
    const axe = () =>
      new AxeBuilder({ page: b.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect((await axe()).violations).toEqual([]);
    await b.page.getByRole('button', { name: 'Apagar meus dados sincronizados' }).click();
    await expect(b.page.getByRole('alertdialog', { name: 'Apagar meus dados sincronizados' })).toBeVisible();
    expect((await axe()).violations).toEqual([]);
    await b.page.keyboard.press('Escape');
    await expect(b.page.getByRole('checkbox', { name: 'Manter dados só neste aparelho' })).not.toBeChecked();
    await b.page.goto('/my-ratings');
    await expect(
      b.page.getByText('Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!'),
    ).toBeVisible();
    expect((await serverEntries(second, baseURL!)).filter((entry) => entry.kind === 'rating')).toEqual([]);
    expect((await serverEntries(first, baseURL!)).map((entry) => entry.key)).toContain('121');
    await a.context.close();
    await b.context.close();
  });

  test('a MyAnimeList import by a signed-in user syncs like any other change', async ({ browser }) => {
    const user = uniqueUser('Importa');
    await createGoogleUser(user);
    const a = await device(browser, user);
    const b = await device(browser, user);
    await b.page.goto('/my-ratings');
    await expectSynced(a.page);

    const xml = await readFile(
      path.join(__dirname, '../../lib/backup/fixtures/animelist_1700000000_-_1234567.xml'),
    );
    await a.page.getByRole('tab', { name: 'Dados' }).click();
    await a.page.getByTestId('mal-file').setInputFiles({
      name: 'animelist_1700000000_-_1234567.xml',
      mimeType: 'application/xml',
      buffer: xml,
    });
    await expect(a.page.getByTestId('data-status')).toContainText('Lista do MyAnimeList importada!');
    await a.page.getByRole('tab', { name: 'Conta' }).click();
    const status = a.page.getByTestId('sync-status');
    await expect(status).toContainText('Sincronizado', { timeout: 30_000 });
    await expect(status.getByText('Alterações pendentes').locator('..')).toContainText('0');

    await b.page.reload();
    await expect(b.page.getByText('<b>Obra-prima</b> & trilha sonora')).toBeVisible({ timeout: 30_000 });
    await b.page.goto('/on-hold');
    await expect(b.page.getByRole('heading', { name: 'Naruto', exact: true })).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test('"Manter dados só neste aparelho" stops syncing; "Apagar meus dados sincronizados" empties the account', async ({
    browser,
    baseURL,
  }) => {
    const user = uniqueUser('Controle');
    await createGoogleUser(user);
    const a = await device(browser, user);
    await rate(a.page, 121, 4, 'Sincronizada.');
    await expectSynced(a.page);
    const localOnly = a.page.getByRole('checkbox', { name: 'Manter dados só neste aparelho' });
    await localOnly.check();
    await expect(a.page.getByTestId('sync-status')).toContainText('Desligada neste aparelho');

    await rate(a.page, 5114, 5, 'Só aqui.');
    await a.page.goto('/settings');
    await a.page.getByRole('tab', { name: 'Conta' }).click();
    await expect(localOnly).toBeChecked();
    const keys = async () =>
      (await serverEntries(user, baseURL!)).filter((e) => e.kind === 'rating').map((e) => e.key);
    expect(await keys()).toEqual(['121']);

    await localOnly.uncheck();
    await expect(a.page.getByTestId('sync-status')).toContainText('Sincronizado', { timeout: 30_000 });
    await expect.poll(keys, { timeout: 30_000 }).toEqual(['121', '5114']);

    await a.page.getByRole('button', { name: 'Apagar meus dados sincronizados' }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: 'Apagar do servidor' }).click();
    await expect(a.page.getByText('Seus dados sincronizados foram apagados do servidor.')).toBeVisible();
    await expect(localOnly).toBeChecked();
    expect(await serverEntries(user, baseURL!)).toEqual([]);
    // This device keeps its library.
    await a.page.goto('/my-ratings');
    await expect(a.page.getByTestId('rated-entry')).toHaveCount(2);
    await a.context.close();
  });

  test('a visitor who is not signed in sends nothing and rates as before', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/library')) calls.push(request.url());
    });
    await rate(page, 121, 3, 'Sem conta.');
    await page.reload();
    await expect(page.getByTestId('rating-block').getByTestId('rating-label')).toHaveText('3/5');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Conta' }).click();
    await expect(page.getByTestId('sync-status')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('the library API refuses a visitor and answers privately', async ({ request }) => {
    const response = await request.get('/api/library');
    expect(response.status()).toBe(401);
    expect(response.headers()['cache-control']).toBe('private, no-store');
  });
});

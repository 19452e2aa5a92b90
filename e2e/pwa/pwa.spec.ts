import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { fakeGoogleClaims, type EmulatorGoogleUser } from '../auth-emulator/client';
import { snapshot } from '../personal/seed';
import { expect, test } from '../support';
import { cachedUrls, withOfflineKit } from './offline-kit';

/**
 * The installable app and its service worker (lib/pwa/worker.ts, built into public/sw.js): the
 * manifest Chrome accepts, pages that open without a network, the offline page, what is never
 * cached, and the offer of a new version. The rest of the suite runs with service workers blocked
 * (playwright.config.ts); these tests allow them, each in a fresh context with a worker of its own.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

const offlineNotice = (page: Page) => page.getByTestId('offline-copy-notice');

/** axe's WCAG 2.1 AA and best-practice rules (as e2e/a11y.spec.ts runs them) on `include`. */
async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
  );
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

test('Chrome finds nothing that stops the app from being installed', async ({ playwright, baseURL }) => {
  // Chrome installs nothing from an incognito profile, which every new context is: this test has
  // a profile folder of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'anime-master-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await withOfflineKit(page);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Anime Master', start_url: '/', display: 'standalone' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a visited anime page reopens without a network, marked as the saved copy', async ({
  page,
  context,
}) => {
  await withOfflineKit(page);
  await page.goto('/anime/20');
  await expect(page.getByRole('heading', { level: 1, name: 'Naruto' })).toBeVisible();
  await expect(offlineNotice(page)).toHaveCount(0);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Naruto' })).toBeVisible();
  await expect(offlineNotice(page)).toHaveText('Sem conexão: você está vendo a cópia salva desta página.');
  expect(await axeViolations(page, '[data-testid="offline-copy-notice"]')).toEqual([]);
});

test('the lists open without a network, never visited, with their entries, in both languages', async ({
  page,
  context,
}) => {
  await withOfflineKit(page, '/settings');
  await page.evaluate(
    ([entries]) => {
      localStorage.setItem('watchingList', JSON.stringify([930001]));
      localStorage.setItem('anime-master-list-entries', JSON.stringify(entries));
    },
    [
      {
        930001: {
          snapshot: snapshot('Anime Offline 930001'),
          progress: 3,
          startedAt: null,
          finishedAt: null,
        },
      },
    ],
  );
  // English too: the worker saved the pages in Portuguese when it installed; choosing English
  // has it save them in English.
  await page.getByRole('button', { name: /^EN · / }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(async () =>
      Object.values(await cachedUrls(page))
        .flat()
        .filter((url) => url.includes('/watching?')),
    )
    .toEqual(
      expect.arrayContaining([
        expect.stringContaining('__locale=pt'),
        expect.stringContaining('__locale=en'),
      ]),
    );

  await goOffline(context);
  await page.goto('/watching');
  await expect(page.getByRole('heading', { level: 1, name: 'Currently Watching' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anime Offline 930001' })).toBeVisible();
  await expect(offlineNotice(page)).toHaveText('Offline: you are seeing the saved copy of this page.');

  // Back to Portuguese, still offline: the language is the cookie's, and so is the saved page.
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'pt', url: page.url() }]);
  await page.goto('/watching');
  await expect(page.getByRole('heading', { level: 1, name: 'Assistindo Atualmente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anime Offline 930001' })).toBeVisible();
});

test('a page never visited, opened without a network, shows the offline page with the lists', async ({
  page,
  context,
}) => {
  await withOfflineKit(page);
  await goOffline(context);
  await page.goto('/anime/1535');
  await expect(page.getByRole('heading', { level: 1, name: 'Sem conexão' })).toBeVisible();
  const lists = page.getByRole('navigation', { name: 'Minhas Listas' });
  for (const name of [
    'Assistindo',
    'Completados',
    'Planejados',
    'Pausados',
    'Desistidos',
    'Minhas Avaliações',
  ]) {
    await expect(lists.getByRole('link', { name })).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  await lists.getByRole('link', { name: 'Completados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Animes Completos' })).toBeVisible();
});

let userCount = 0;
test('a signed-in answer is never kept by the worker', async ({ page }) => {
  userCount += 1;
  const sub = `pwa-${Date.now()}-${process.pid}-${userCount}`;
  const user: EmulatorGoogleUser = {
    sub,
    name: 'Fã Offline',
    email: `${sub}@example.com`,
    birthday: '1990-01-01',
  };
  await withOfflineKit(page);
  const library = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/library' && response.request().method() === 'GET',
    { timeout: 60_000 },
  );
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible({ timeout: 30_000 });
  const answer = await library;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  // The worker controlled the page when it asked, let the request pass to the network, kept nothing.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(answer.fromServiceWorker()).toBe(false);
  // The inspection sees the worker's caches: pages and build files are there.
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.some((url) => new URL(url).pathname === '/watching')).toBe(true);
  expect(cached.some((url) => new URL(url).pathname.startsWith('/_next/static/'))).toBe(true);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/library'))).toEqual([]);
});

import type { Page, Request } from '@playwright/test';
import { startPrivateStack, type PrivateStack } from './discovery/private-stack';
import { expect, test } from './support';

/**
 * Opening a page spends no Jikan call on pages its header and menu link to that nobody opened:
 * the week (/schedule, up to 7 calls on a cold cache) and the listings (/browse, /season) are not
 * prefetched; a tap on the link still opens them, and without JavaScript they are plain links.
 * A private stack with the default budgets: its cache starts cold, and its fake upstream's call
 * log is this file's alone.
 */

let stack: PrivateStack;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startPrivateStack();
});

test.afterAll(async () => {
  await stack?.close();
});

/** The paths the page's router prefetches (requests marked with Next's prefetch header). */
function recordPrefetches(page: Page): { paths: string[]; answered: string[] } {
  const seen = { paths: [] as string[], answered: [] as string[] };
  const isPrefetch = (request: Request) => request.headers()['next-router-prefetch'] !== undefined;
  page.on('request', (request) => {
    if (isPrefetch(request)) seen.paths.push(new URL(request.url()).pathname);
  });
  page.on('requestfinished', (request) => {
    if (isPrefetch(request)) seen.answered.push(new URL(request.url()).pathname);
  });
  return seen;
}

const scheduleCalls = async (since: number) =>
  (await stack.fake.calls({ service: 'jikan', since })).filter((call) => call.path.endsWith('/schedules'));

test('opening Explore on a fresh server asks nothing for the week or its listings; a tap on the link opens the week', async ({
  page,
}) => {
  const since = Date.now();
  const prefetches = recordPrefetches(page);
  await page.goto(`${stack.appUrl}/explore`);
  const schedule = page.getByRole('banner').getByRole('link', { name: 'Programação' });
  await expect(schedule).toHaveAttribute('href', '/schedule');
  // The header's prefetched link (the home page) has been fetched: the router has run its
  // prefetches of the links in view.
  await expect.poll(() => prefetches.answered).toContain('/');
  await page.waitForLoadState('networkidle');
  // Nor the season archive and the catalogue Explore links to above its tabs.
  await expect(page.getByRole('link', { name: 'Arquivo de temporadas' })).toBeVisible();
  for (const path of ['/schedule', '/browse', '/season']) expect(prefetches.paths).not.toContain(path);
  expect(await scheduleCalls(since)).toEqual([]);

  await schedule.click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programação da semana' })).toBeVisible();
  expect((await scheduleCalls(since)).length).toBeGreaterThan(0);
});

test('opening the phone menu prefetches neither the week nor the listings; its link opens the week', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const prefetches = recordPrefetches(page);
  await page.goto(`${stack.appUrl}/`);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Programação' })).toBeVisible();
  // The menu's prefetched links (Explore) have been fetched.
  await expect.poll(() => prefetches.answered).toContain('/explore');
  await page.waitForLoadState('networkidle');
  for (const path of ['/schedule', '/browse', '/season']) expect(prefetches.paths).not.toContain(path);

  await menu.getByRole('link', { name: 'Programação' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programação da semana' })).toBeVisible();
});

test('without JavaScript the header link opens the week', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/explore`);
  await page.getByRole('banner').getByRole('link', { name: 'Programação' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programação da semana' })).toBeVisible();
  await context.close();
});

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { fakeGoogleClaims, idTokenFor, type EmulatorGoogleUser } from '../auth-emulator/client';
import { expect } from '../support';

/** What a person does to sign in and out, and what they check, in the library sync specs. */

let counter = 0;
export function uniqueUser(name: string): EmulatorGoogleUser {
  counter += 1;
  const sub = `sync-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${process.pid}-${counter}`;
  return { sub, name, email: `${sub}@example.com`, birthday: '1990-01-01' };
}

/** Google sign-in from the header, as `user` (the emulator build signs in with this identity). */
export async function signIn(page: Page, user: EmulatorGoogleUser) {
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  // The sign-in code loads on this click: slow on a busy machine. A question about the device's
  // data may open at once (a modal: the rest of the page is hidden from assistive technology).
  await expect(page.getByRole('banner').getByText(user.name).or(page.getByRole('alertdialog'))).toBeVisible({
    timeout: 30_000,
  });
}

/** 'Sair' in the header, then one of the two choices of what stays on this device. */
export async function signOut(
  page: Page,
  choice: 'Remover deste aparelho' | 'Manter uma cópia neste aparelho',
) {
  await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sair da conta' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: choice }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' })).toBeVisible({
    timeout: 30_000,
  });
}

/** A new device (browser context) where `user` signs in on the home page. */
export async function device(
  browser: Browser,
  user: EmulatorGoogleUser,
  options: { baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, user);
  return { context, page };
}

/** Settings › Conta's sync status, once the sync has settled. */
export async function expectSynced(page: Page, timeout = 30_000) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  const status = page.getByTestId('sync-status');
  await expect(status).toContainText('Sincronizado', { timeout });
  await expect(status.getByText('Alterações pendentes').locator('..').locator('dd')).toHaveText('0');
}

/**
 * The fan comes back to this tab. Headless Chromium keeps every tab visible and focused, so it never
 * fires the focus event a browser fires when a window or tab is brought back: it is fired here.
 */
export async function returnToTab(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
}

export async function rate(page: Page, id: number, stars: number, opinion: string) {
  await page.goto(`/anime/${id}`);
  await rateHere(page, stars, opinion);
}

/** Rates the anime whose page is open (no navigation: the device may be offline). */
export async function rateHere(page: Page, stars: number, opinion: string) {
  const block = page.getByTestId('rating-block');
  await block
    .getByRole('radiogroup', { name: 'Sua nota' })
    .getByRole('radio', { name: `${stars} estrelas` })
    .check({ force: true });
  await block.getByRole('textbox', { name: 'Sua opinião' }).fill(opinion);
  await block.getByRole('button', { name: 'Salvar' }).click();
  await expect(block.getByTestId('rating-status')).toHaveText('Avaliação salva com sucesso!');
}

export interface ServerEntry {
  kind: string;
  key: string;
  deleted: boolean;
  data: { opinion?: string } | null;
}

/** Every entry of `user`'s synced library, straight from the API (all pages). */
export async function serverEntries(user: EmulatorGoogleUser, baseURL: string): Promise<ServerEntry[]> {
  const token = await idTokenFor(user);
  const entries: ServerEntry[] = [];
  let since = 0;
  for (;;) {
    const response = await fetch(`${baseURL}/api/library?since=${since}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = (await response.json()) as { entries: ServerEntry[]; version: number; more: boolean };
    entries.push(...page.entries);
    since = page.version;
    if (!page.more) return entries;
  }
}

/** The keys of `user`'s live synced ratings, sorted. */
export async function serverRatings(user: EmulatorGoogleUser, baseURL: string): Promise<string[]> {
  return (await serverEntries(user, baseURL))
    .filter((entry) => entry.kind === 'rating' && !entry.deleted)
    .map((entry) => entry.key)
    .sort();
}

export async function tombstones(user: EmulatorGoogleUser, baseURL: string): Promise<string[]> {
  return (await serverEntries(user, baseURL)).filter((entry) => entry.deleted).map((entry) => entry.key);
}

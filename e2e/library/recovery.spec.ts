import { mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { createGoogleUser } from '../auth-emulator/client';
import { freePort, startApp, stopProcess } from '../discovery/private-stack';
import { expect, test } from '../support';
import {
  device,
  expectSynced,
  rate,
  rateHere,
  returnToTab,
  serverRatings,
  signIn,
  uniqueUser,
} from './helpers';

/**
 * Nothing a fan entrusts is lost: a server whose data went back in time gets it again from a
 * device, 'Remover deste aparelho' leaves no trace even offline or with sync off, and a device
 * whose clock ran days ahead recovers by itself.
 */

/** `next start` of this build on `port` with a database folder of its own (the Auth emulator's settings). */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const fake = `http://127.0.0.1:${process.env.E2E_FAKE_PORT ?? 4610}`;
  const { child } = await startApp(
    `${fake}/jikan/v4`,
    {
      DATA_DIR: dataDir,
      TRANSLATE_BASE_URL: `${fake}/translate`,
      ...authServerEnv(),
    },
    { port },
  );
  return child;
}

/** Every value this origin keeps in localStorage and IndexedDB, as one text. */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)!;
      parts.push(`${key}=${localStorage.getItem(key)}`);
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${info.name}/${name}=${JSON.stringify(values)}`);
      }
      db.close();
    }
    return parts.join('\n');
  });
}

async function ratingsPage(page: Page): Promise<string> {
  await page.goto('/my-ratings');
  await expect(page.getByTestId('rated-entry').first()).toBeVisible({ timeout: 30_000 });
  return (await page.getByTestId('rated-entry').allTextContents()).join('\n');
}

async function closeAll(...contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

test.describe('nothing entrusted is lost', () => {
  test.describe.configure({ timeout: 300_000 });

  test('an emptied server gets the library again from the device’s next sync, seen from a second device', async ({
    browser,
  }) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = mkdtempSync(path.join(tmpdir(), 'anime-master-recovery-a-'));
    const second = mkdtempSync(path.join(tmpdir(), 'anime-master-recovery-b-'));
    let server = await startServer(port, first);
    try {
      const user = uniqueUser('Servidor Vazio');
      await createGoogleUser(user);
      const a = await device(browser, user, { baseURL: base });
      await rate(a.page, 1, 5, 'Guardada só no aparelho');
      await rate(a.page, 21, 4, 'Também no aparelho');
      await expectSynced(a.page);
      expect(await serverRatings(user, base)).toEqual(['1', '21']);

      // The device closes the app; the server's data is gone: stopped, started again on a new,
      // empty database.
      await a.page.goto('about:blank');
      await stopProcess(server);
      server = await startServer(port, second);
      expect(await serverRatings(user, base)).toEqual([]);

      // The device's next sync (a page it opens) notices and sends its library again.
      await a.page.goto('/');
      await expectSynced(a.page, 60_000);
      await expect.poll(() => serverRatings(user, base), { timeout: 60_000 }).toEqual(['1', '21']);

      const b = await device(browser, user, { baseURL: base });
      await expect.poll(() => ratingsPage(b.page), { timeout: 60_000 }).toContain('Guardada só no aparelho');
      expect(await ratingsPage(b.page)).toContain('Também no aparelho');
      // Sync is still on on the first device (this was no deletion by the fan).
      await a.page.goto('/settings');
      await a.page.getByRole('tab', { name: 'Conta' }).click();
      await expect(
        a.page.getByRole('checkbox', { name: 'Manter dados só neste aparelho' }),
      ).not.toBeChecked();
      await closeAll(a.context, b.context);
    } finally {
      await stopProcess(server);
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });

  test('"Remover deste aparelho" while offline says what will be lost and leaves no opinion behind', async ({
    browser,
  }) => {
    const user = uniqueUser('Remover Offline');
    await createGoogleUser(user);
    const a = await device(browser, user);
    await rate(a.page, 1, 5, 'Opinião já sincronizada');
    await expectSynced(a.page);
    await a.page.goto('/anime/21');
    await a.context.setOffline(true);
    await rateHere(a.page, 3, 'Opinião nunca enviada');

    await a.page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Sair da conta' });
    await expect(dialog.getByTestId('sign-out-unsent')).toHaveText(
      '1 alteração ainda não foi enviada à sua conta e será perdida se você remover os dados deste aparelho.',
    );
    // Waiting keeps the fan signed in, with the change.
    await dialog.getByRole('button', { name: 'Esperar a conexão' }).click();
    await expect(dialog).toBeHidden();
    await expect(a.page.getByRole('banner').getByText(user.name)).toBeVisible();

    await a.page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    await dialog.getByRole('button', { name: 'Remover deste aparelho' }).click();
    await expect(a.page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' })).toBeVisible({
      timeout: 30_000,
    });
    const stored = await everythingStored(a.page);
    expect(stored).not.toContain('Opinião nunca enviada');
    expect(stored).not.toContain('Opinião já sincronizada');
    expect(stored).not.toContain(`anime-master-sync:`);
    await a.context.close();
  });

  test('"Remover deste aparelho" with sync off leaves no opinion behind', async ({ browser }) => {
    const user = uniqueUser('Remover Sem Sync');
    await createGoogleUser(user);
    const a = await device(browser, user);
    await expectSynced(a.page);
    await a.page.getByRole('checkbox', { name: 'Manter dados só neste aparelho' }).check();
    await expect(a.page.getByTestId('sync-status')).toContainText('Desligada neste aparelho');
    await rate(a.page, 1, 4, 'Opinião só local');

    await a.page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Sair da conta' });
    await expect(dialog.getByTestId('sign-out-unsent')).toContainText('1 alteração ainda não foi enviada');
    await dialog.getByRole('button', { name: 'Remover deste aparelho' }).click();
    await expect(a.page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' })).toBeVisible({
      timeout: 30_000,
    });
    expect(await everythingStored(a.page)).not.toContain('Opinião só local');
    await a.context.close();
  });

  test('a change made two days ahead and one after the clock was fixed both reach a second device', async ({
    browser,
  }) => {
    const user = uniqueUser('Relogio Adiantado');
    await createGoogleUser(user);
    const context = await browser.newContext();
    // The device's clock: Date moved by what 'e2e-clock-shift' says (as a wrong system clock).
    await context.addInitScript(() => {
      const Real = Date;
      const shift = () => {
        try {
          return Number(localStorage.getItem('e2e-clock-shift') ?? 0) || 0;
        } catch {
          return 0;
        }
      };
      class Shifted extends Real {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) super(Real.now() + shift());
          else super(...(args as ConstructorParameters<DateConstructor>));
        }
        static now() {
          return Real.now() + shift();
        }
      }
      globalThis.Date = Shifted as DateConstructor;
    });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, user);
    await expectSynced(page);

    // The clock jumps two days ahead while the device is offline: the change is stamped two days
    // in the future (the server would refuse it).
    await page.goto('/anime/1');
    await context.setOffline(true);
    await page.evaluate(() => localStorage.setItem('e2e-clock-shift', String(2 * 24 * 60 * 60 * 1000)));
    await rateHere(page, 5, 'Feita com o relógio adiantado');
    await context.setOffline(false);
    await expectSynced(page, 60_000);

    // The clock is fixed; another change.
    await page.evaluate(() => localStorage.setItem('e2e-clock-shift', '0'));
    await rate(page, 21, 4, 'Feita com o relógio certo');
    await expectSynced(page, 60_000);
    await expect(page.getByTestId('sync-refused')).toHaveCount(0);

    const b = await device(browser, user);
    await expect
      .poll(() => ratingsPage(b.page), { timeout: 60_000 })
      .toContain('Feita com o relógio adiantado');
    expect(await ratingsPage(b.page)).toContain('Feita com o relógio certo');
    await closeAll(context, b.context);
  });

  test('an offline change right after sign-in reaches a second device once back online', async ({
    browser,
  }) => {
    const user = uniqueUser('Logo Depois');
    await createGoogleUser(user);
    const b = await device(browser, user);
    await b.page.goto('/watching');
    const a = await device(browser, user);
    // Straight to the anime page, offline as soon as it has loaded.
    await a.page.goto('/anime/1');
    await a.context.setOffline(true);
    const lists = a.page.getByTestId('watch-list');
    await lists.getByRole('button', { name: 'Assistindo' }).click();
    await expect(lists.getByRole('button', { name: 'Assistindo' })).toHaveAttribute('aria-pressed', 'true');
    await a.context.setOffline(false);
    // B lists it at its next pull (focus, or the 30 s interval), without reloading.
    await returnToTab(b.page);
    await expect(b.page.getByRole('heading', { name: 'Cowboy Bebop' })).toBeVisible({ timeout: 45_000 });
    await closeAll(a.context, b.context);
  });
});

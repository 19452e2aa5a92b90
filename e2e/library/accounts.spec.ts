import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createGoogleUser } from '../auth-emulator/client';
import { seedStorage, snapshot } from '../personal/seed';
import { expect, test } from '../support';
import {
  device,
  expectSynced,
  rate,
  serverRatings,
  signIn,
  signOut,
  tombstones,
  uniqueUser,
} from './helpers';

/**
 * Two people, one browser (a family tablet): each account keeps exactly its own library, whatever
 * is chosen at sign-out, and data saved without an account joins one only when the person says so.
 */

const EMPTY = 'Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!';

async function ratedOpinions(page: Page): Promise<string[]> {
  await page.goto('/my-ratings');
  const entries = page.getByTestId('rated-entry');
  await expect(entries.first().or(page.getByText(EMPTY))).toBeVisible();
  return (await entries.allTextContents()).sort();
}

test.describe('accounts on one device', () => {
  test.describe.configure({ timeout: 360_000 });

  test('A → B → A on one browser: each account keeps exactly its own entries, seen from a fresh device of each', async ({
    browser,
    baseURL,
  }) => {
    const ana = uniqueUser('Ana Tablet');
    const bia = uniqueUser('Bia Tablet');
    await createGoogleUser(ana);
    await createGoogleUser(bia);
    const tablet = await browser.newContext();
    const page = await tablet.newPage();
    await page.goto('/');

    await signIn(page, ana);
    await rate(page, 20, 5, 'Naruto, da Ana.');
    await expectSynced(page);
    await signOut(page, 'Remover deste aparelho');

    await signIn(page, bia);
    await rate(page, 1, 4, 'Cowboy Bebop, da Bia.');
    await expectSynced(page);
    // Bia keeps a copy: still, Ana never receives it.
    await signOut(page, 'Manter uma cópia neste aparelho');

    await signIn(page, ana);
    await expectSynced(page);
    const anaHere = await ratedOpinions(page);
    expect(anaHere).toHaveLength(1);
    expect(anaHere[0]).toContain('Naruto, da Ana.');

    expect(await serverRatings(ana, baseURL!)).toEqual(['20']);
    expect(await serverRatings(bia, baseURL!)).toEqual(['1']);
    expect(await tombstones(ana, baseURL!)).toEqual([]);
    expect(await tombstones(bia, baseURL!)).toEqual([]);

    // Each one's phone shows exactly their own.
    const anaPhone = await device(browser, ana);
    await expectSynced(anaPhone.page);
    const anaThere = await ratedOpinions(anaPhone.page);
    expect(anaThere).toHaveLength(1);
    expect(anaThere[0]).toContain('Naruto, da Ana.');
    const biaPhone = await device(browser, bia);
    await expectSynced(biaPhone.page);
    const biaThere = await ratedOpinions(biaPhone.page);
    expect(biaThere).toHaveLength(1);
    expect(biaThere[0]).toContain('Cowboy Bebop, da Bia.');
    await Promise.all([tablet.close(), anaPhone.context.close(), biaPhone.context.close()]);
  });

  test('signing out asks what stays: a kept copy stays visible and never reaches the next account; removed, nothing stays', async ({
    browser,
    baseURL,
  }) => {
    const ana = uniqueUser('Ana Copia');
    const bia = uniqueUser('Bia Copia');
    await createGoogleUser(ana);
    await createGoogleUser(bia);
    const { context, page } = await device(browser, ana);
    await rate(page, 121, 4, 'Cópia da Ana.');
    await expectSynced(page);

    // The question, accessible, with removal first (the default) and a way back.
    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair da conta' });
    await expect(dialog.getByRole('button', { name: 'Remover deste aparelho' })).toBeFocused();
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByText(ana.name)).toBeVisible();

    await signOut(page, 'Manter uma cópia neste aparelho');
    expect(await ratedOpinions(page)).toEqual([expect.stringContaining('Cópia da Ana.')]);

    await signIn(page, bia);
    await expectSynced(page);
    expect(await ratedOpinions(page)).toEqual([]);
    expect(await serverRatings(bia, baseURL!)).toEqual([]);

    await signOut(page, 'Remover deste aparelho');
    expect(await ratedOpinions(page)).toEqual([]);
    // Nothing of Bia's is left in this browser's storage.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((key) => key.includes(`uid-${bia.sub}`))).toEqual([]);

    // Ana's account still holds her rating, untouched.
    expect(await serverRatings(ana, baseURL!)).toEqual(['121']);
    await context.close();
  });

  test('a device with data of no account asks before merging; declined, the data stays apart and comes back', async ({
    browser,
    baseURL,
  }) => {
    const user = uniqueUser('Pergunta');
    await createGoogleUser(user);
    const context = await browser.newContext();
    const page = await context.newPage();
    await seedStorage(
      page,
      {
        animeRating_930011: { rating: 4, opinion: 'Visitante um' },
        animeRating_930012: { rating: 3, opinion: 'Visitante dois' },
        'anime-master-rating-entries': {
          930011: { snapshot: snapshot('Visitante Um'), ratedAt: '2026-11-20T10:00:00.000Z' },
          930012: { snapshot: snapshot('Visitante Dois'), ratedAt: '2026-11-21T10:00:00.000Z' },
        },
        watchingList: [930013, 930014],
        planToWatchList: [930015],
        'anime-master-list-entries': {
          930013: { snapshot: snapshot('Lista Um'), progress: 1, startedAt: null, finishedAt: null },
          930014: { snapshot: snapshot('Lista Dois'), progress: 0, startedAt: null, finishedAt: null },
          930015: { snapshot: snapshot('Lista Três'), progress: 0, startedAt: null, finishedAt: null },
        },
      },
      '/',
    );
    const pushes: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/library'))
        pushes.push(request.postData() ?? '');
    });
    await signIn(page, user);
    const question = page.getByRole('alertdialog', {
      name: 'Juntar 2 avaliações e 3 itens de listas deste aparelho à sua conta?',
    });
    await expect(question).toBeVisible({ timeout: 30_000 });
    const axe = await new AxeBuilder({ page })
      .include('[role="alertdialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    // Nothing was sent while the question is open.
    expect(pushes.filter((body) => body.includes('9300'))).toEqual([]);
    await question.getByRole('button', { name: 'Não juntar' }).click();
    await expect(question).toBeHidden();

    await expectSynced(page);
    expect(await ratedOpinions(page)).toEqual([]);
    expect(await serverRatings(user, baseURL!)).toEqual([]);
    expect(pushes.filter((body) => body.includes('9300'))).toEqual([]);

    // Signed out removing the account's data, the visitor's library is back as it was.
    await signOut(page, 'Remover deste aparelho');
    const back = await ratedOpinions(page);
    expect(back).toHaveLength(2);
    expect(back.join(' ')).toContain('Visitante um');
    await page.goto('/watching');
    await expect(page.getByRole('heading', { name: 'Lista Dois' })).toBeVisible();
    await context.close();
  });
});

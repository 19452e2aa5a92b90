import { createGoogleUser } from '../auth-emulator/client';
import { seedStorage, snapshot } from '../personal/seed';
import { expect, test } from '../support';
import { serverRatings, signIn, uniqueUser } from './helpers';

/**
 * "Juntar … à sua conta?" is asked in the tab the fan is looking at, not only in the tab that runs
 * the sync: every tab of the account shows it, and the first answer closes it everywhere.
 */
test('the merge question shows in a tab opened later; answered there, it closes in the leading tab', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = uniqueUser('Duas Abas');
  await createGoogleUser(user);
  const context = await browser.newContext();
  const leading = await context.newPage();
  await seedStorage(
    leading,
    {
      animeRating_930011: { rating: 4, opinion: 'Antes do login, em duas abas' },
      'anime-master-rating-entries': {
        930011: { snapshot: snapshot('Aba Um'), ratedAt: '2026-11-20T10:00:00.000Z' },
      },
    },
    '/',
  );
  await signIn(leading, user);
  const name = 'Juntar 1 avaliação e 0 itens de listas deste aparelho à sua conta?';
  await expect(leading.getByRole('alertdialog', { name })).toBeVisible({ timeout: 30_000 });

  // The fan opens another tab and looks at it: the question is there too.
  const looking = await context.newPage();
  await looking.goto('/my-ratings');
  await looking.bringToFront();
  const question = looking.getByRole('alertdialog', { name });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await question.getByRole('button', { name: 'Juntar à minha conta' }).click();
  await expect(question).toBeHidden();
  await expect(leading.getByRole('alertdialog', { name })).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => serverRatings(user, baseURL!), { timeout: 30_000 }).toEqual(['930011']);
  await context.close();
});

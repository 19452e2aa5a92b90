import { expect, test } from '../support';
import { readStorage, seedStorage, snapshot } from './seed';

test.describe('my ratings', () => {
  test('shows rated anime with stars and opinion, and they persist across reloads', async ({ page }) => {
    await seedStorage(
      page,
      {
        animeRating_930001: { rating: 4, opinion: 'Trilha sonora incrível' },
        animeRating_930002: { rating: 2, opinion: '' },
        'anime-master-rating-entries': {
          930001: { snapshot: snapshot('Avaliado Um'), ratedAt: '2026-11-20T10:00:00.000Z' },
          930002: { snapshot: snapshot('Avaliado Dois'), ratedAt: '2026-11-22T10:00:00.000Z' },
        },
      },
      '/my-ratings',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Meus Animes Avaliados' })).toBeVisible();
    const cards = page.getByTestId('rated-entry');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByRole('heading')).toHaveText('Avaliado Dois');
    await expect(cards.first().getByRole('img', { name: '2/5' })).toBeVisible();
    await expect(cards.first().getByText('Nenhuma opinião.')).toBeVisible();
    await expect(cards.nth(1).getByText('Opinião:')).toBeVisible();
    await expect(cards.nth(1).getByText('Trilha sonora incrível')).toBeVisible();
    await expect(cards.nth(1).getByRole('link', { name: 'Ver detalhes / Editar' })).toHaveAttribute(
      'href',
      '/anime/930001',
    );

    await page.reload();
    await expect(page.getByTestId('rated-entry')).toHaveCount(2);
    expect(JSON.parse((await readStorage(page)).animeRating_930001 ?? 'null')).toEqual({
      rating: 4,
      opinion: 'Trilha sonora incrível',
    });
  });

  test('a thousand ratings: the newest come first, then the whole list, each once', async ({
    page,
    context,
  }) => {
    // 300 ratings with a date (the newest is the last one) and 700 from the original app (no date).
    const seed: Record<string, unknown> = {};
    const entries: Record<number, unknown> = {};
    for (let index = 0; index < 1000; index++) {
      const id = 940_001 + index;
      seed[`animeRating_${id}`] = { rating: (index % 5) + 1, opinion: '' };
      const dated = index < 300;
      const title = dated ? `Nota Datada ${index + 1}` : `Nota Antiga ${index - 299}`;
      entries[id] = {
        snapshot: snapshot(title),
        ratedAt: dated ? new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() : null,
      };
    }
    seed['anime-master-rating-entries'] = entries;
    // The first card the page ever draws, and the size of the list it said it belonged to.
    await context.addInitScript(() => {
      const first: { title?: string; setsize?: string | null } = {};
      (window as unknown as { __first: typeof first }).__first = first;
      new MutationObserver((_, observer) => {
        const card = document.querySelector('[data-testid="rated-entry"]');
        if (!card) return;
        first.title = card.querySelector('h2')?.textContent ?? '';
        first.setsize = card.getAttribute('aria-setsize');
        // A keyboard user already on the first card when the whole list comes.
        card.querySelector<HTMLElement>('a[href]')?.focus();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await seedStorage(page, seed, '/my-ratings');

    const cards = page.getByTestId('rated-entry');
    await expect(cards.first()).toHaveAttribute('aria-setsize', '1000');
    await expect(cards.first().getByRole('heading')).toHaveText('Nota Datada 300');
    await expect(cards.nth(1).getByRole('heading')).toHaveText('Nota Datada 299');
    // The first card drawn was already the newest rating, drawn before every rating was read.
    const first = await page.evaluate(
      () => (window as unknown as { __first: { title: string; setsize: string } }).__first,
    );
    expect(first).toEqual({ title: 'Nota Datada 300', setsize: '-1' });
    // Focus stayed on that card's link through the swap.
    await expect(cards.first().getByRole('link', { name: 'Ver detalhes / Editar' })).toBeFocused();
    // Each rating once: the whole list replaced the first screen, it did not add to it.
    await expect(page.locator('[data-anime-id="940300"]')).toHaveCount(1);
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);

    // The last rating (no date, highest id) is at the end of the whole list.
    await page.getByRole('heading', { level: 1, name: 'Meus Animes Avaliados' }).click();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: 'Ir para o último item da lista (1.000 itens)' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const last = page.locator('[data-anime-id="941000"]');
    await expect(last).toHaveAttribute('aria-posinset', '1000');
    await expect(last.getByRole('heading')).toHaveText('Nota Antiga 700');
    await expect(last).toBeInViewport();
  });

  test('ratings written by the original app (no snapshot) are looked up and shown', async ({ page }) => {
    await seedStorage(page, { animeRating_1535: { rating: 5, opinion: 'Clássico' } }, '/my-ratings');
    await expect(page.getByRole('heading', { name: 'Death Note' })).toBeVisible();
    await expect(page.getByRole('img', { name: '5/5' })).toBeVisible();
  });

  test('empty state', async ({ page }) => {
    await page.goto('/my-ratings');
    await expect(
      page.getByText('Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!'),
    ).toBeVisible();
  });

  test("home 'Meus Animes Favoritos' shows ratings of 4 and 5, highest first", async ({ page }) => {
    await seedStorage(
      page,
      {
        animeRating_930011: { rating: 4, opinion: '' },
        animeRating_930012: { rating: 5, opinion: '' },
        animeRating_930013: { rating: 3, opinion: '' },
        'anime-master-rating-entries': {
          930011: { snapshot: snapshot('Favorito Quatro'), ratedAt: '2026-11-20T10:00:00.000Z' },
          930012: { snapshot: snapshot('Favorito Cinco'), ratedAt: '2026-11-19T10:00:00.000Z' },
          930013: { snapshot: snapshot('Nota Três'), ratedAt: '2026-11-21T10:00:00.000Z' },
        },
      },
      '/',
    );
    const region = page.getByRole('region', { name: 'Meus Animes Favoritos' });
    await expect(region.getByText('2 animes avaliados')).toBeVisible();
    await expect(region.getByTestId('anime-card').first()).toContainText('Favorito Cinco');
    await expect(region.getByTestId('anime-card').first()).toContainText('Sua nota: 5/5');
    await expect(region.getByText('Nota Três')).toHaveCount(0);
  });

  test("home 'Meus Animes Favoritos' looks up a rating of the original app (no snapshot)", async ({
    page,
  }) => {
    await seedStorage(page, { animeRating_1535: { rating: 5, opinion: 'Clássico' } }, '/');
    const region = page.getByRole('region', { name: 'Meus Animes Favoritos' });
    await expect(region.getByTestId('anime-card').first()).toContainText('Death Note');
    await expect(region.getByTestId('anime-card').first()).toContainText('Sua nota: 5/5');
    await expect(region.getByText('1 anime avaliado')).toBeVisible();
  });
});

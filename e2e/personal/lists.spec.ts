import { expect, fake, test } from '../support';
import { readStorage, seedStorage, snapshot } from './seed';

test.describe('list pages', () => {
  test('50 entries render from their snapshots with no upstream call', async ({ page }) => {
    // Ids no other test uses, so the fake's call log can only show calls this test caused.
    const ids = Array.from({ length: 50 }, (_, index) => 910_001 + index);
    const entries = Object.fromEntries(
      ids.map((id) => [
        id,
        {
          snapshot: snapshot(`Anime ${id}`, { coverId: 20 }),
          progress: 0,
          startedAt: null,
          finishedAt: null,
        },
      ]),
    );
    const since = Date.now();
    await seedStorage(page, { planToWatchList: ids, 'anime-master-list-entries': entries }, '/plan-to-watch');

    await expect(page.getByRole('heading', { level: 1, name: 'Planejo Assistir' })).toBeVisible();
    await expect(page.getByTestId('list-entry')).toHaveCount(50);
    // Most recently added first; each entry links to its detail page.
    await expect(page.getByTestId('list-entry').first().getByRole('link')).toHaveAttribute(
      'href',
      '/anime/910050',
    );
    await expect(page.getByRole('heading', { name: 'Anime 910001' })).toBeVisible();
    await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
    expect(await fake.calls({ service: 'jikan', match: '/anime/9100', since })).toEqual([]);
  });

  test('each list shows its title and its empty message', async ({ page }) => {
    const pages = [
      ['/plan-to-watch', 'Planejo Assistir'],
      ['/watching', 'Assistindo Atualmente'],
      ['/completed', 'Animes Completos'],
      ['/dropped', 'Animes Desistidos'],
      ['/on-hold', 'Animes Pausados'],
    ] as const;
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`Sua lista "${title}" está vazia.`)).toBeVisible();
    }
  });

  test('entries from the original app (ids only) are looked up; one that cannot be still shows', async ({
    page,
  }) => {
    await seedStorage(page, { watchingList: [20, 999999, '1535'], completedList: [] }, '/watching');
    await expect(page.getByRole('heading', { name: 'Naruto', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Death Note' })).toBeVisible();
    // An id the database does not know: its entry stays, a link to its page, with its controls.
    const unknown = page.locator('[data-testid="list-entry"][data-anime-id="999999"]');
    await expect(unknown.getByRole('link', { name: 'Anime #999999' })).toHaveAttribute(
      'href',
      '/anime/999999',
    );
    await expect(unknown).toContainText('dados indisponíveis no momento');
    await expect(unknown.getByRole('combobox', { name: 'Lista de Anime #999999' })).toBeVisible();
    await expect(page.getByTestId('list-entry')).toHaveCount(3);
    // The lookups left snapshots behind, stored together a moment later or as the page is left
    // (here at once, by a reload): the next visit needs no call at all.
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/anime/')) lookups.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Naruto', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Death Note' })).toBeVisible();
    expect(lookups.filter((path) => path !== '/api/anime/999999')).toEqual([]);
    const stored = JSON.parse((await readStorage(page))['anime-master-list-entries'] ?? '{}') as Record<
      string,
      { snapshot: { title: string } }
    >;
    expect(stored['20']?.snapshot.title).toBe('Naruto');
    // Filling in snapshots leaves the documented key exactly as the original app wrote it.
    expect((await readStorage(page)).watchingList).toBe('[20,999999,"1535"]');
  });

  test('with Jikan failing, each entry degrades alone and the list never fails whole', async ({ page }) => {
    // Ids no other test uses: the server has never fetched them, so only Jikan could answer.
    const fault = await fake.setFault({ service: 'jikan', mode: '503', match: '/anime/93307' });
    try {
      await seedStorage(
        page,
        {
          completedList: [933071, 933072],
          'anime-master-list-entries': {
            933071: {
              snapshot: snapshot('Com Cópia Guardada'),
              progress: 12,
              startedAt: null,
              finishedAt: null,
            },
          },
          animeRating_933072: { rating: 4, opinion: 'Guardada sem cópia' },
        },
        '/completed',
      );
      await expect(page.getByRole('heading', { name: 'Com Cópia Guardada' })).toBeVisible();
      const bare = page.locator('[data-testid="list-entry"][data-anime-id="933072"]');
      await expect(bare.getByRole('link', { name: 'Anime #933072' })).toHaveAttribute(
        'href',
        '/anime/933072',
      );
      await expect(bare).toContainText('dados indisponíveis no momento');
      await expect(page.getByText(/Não foi possível carregar a lista/)).toHaveCount(0);

      await page.goto('/my-ratings');
      const rated = page.getByTestId('rated-entry');
      await expect(rated.getByRole('heading', { name: 'Anime #933072' })).toBeVisible();
      await expect(rated).toContainText('dados indisponíveis no momento');
      await expect(rated).toContainText('Guardada sem cópia');
      await expect(rated.getByRole('img', { name: '4/5' })).toBeVisible();
      await expect(rated.getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute(
        'href',
        '/anime/933072',
      );
      await expect(page.getByText('Ocorreu um erro ao carregar seus animes avaliados.')).toHaveCount(0);
    } finally {
      await fake.clearFault(fault);
    }
  });

  test('progress +1 counts up to the total and survives a reload', async ({ page }) => {
    const entries = {
      920001: {
        snapshot: snapshot('Progresso', { episodes: 4 }),
        progress: 2,
        startedAt: '2026-11-01',
        finishedAt: null,
      },
    };
    await seedStorage(page, { watchingList: [920001], 'anime-master-list-entries': entries }, '/watching');
    const entry = page.getByTestId('list-entry');
    await expect(entry.getByTestId('progress')).toHaveText('2/4 episódios');
    const plusOne = entry.getByRole('button', { name: 'Marcar mais um episódio assistido de Progresso' });
    await plusOne.click();
    await expect(entry.getByTestId('progress')).toHaveText('3/4 episódios');
    await plusOne.click();
    await expect(entry.getByTestId('progress')).toHaveText('4/4 episódios');
    await expect(plusOne).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('list-entry').getByTestId('progress')).toHaveText('4/4 episódios');
  });

  test('two tabs stay in sync', async ({ page, context }) => {
    const entries = {
      920002: {
        snapshot: snapshot('Sincronia', { episodes: 10 }),
        progress: 0,
        startedAt: null,
        finishedAt: null,
      },
    };
    await seedStorage(page, { watchingList: [920002], 'anime-master-list-entries': entries }, '/watching');
    const other = await context.newPage();
    await other.goto('/watching');
    await expect(other.getByTestId('progress')).toHaveText('0/10 episódios');

    await page.getByRole('button', { name: /Sincronia/ }).click();
    await expect(page.getByTestId('progress')).toHaveText('1/10 episódios');
    await expect(other.getByTestId('progress')).toHaveText('1/10 episódios');

    // A rating saved in the other tab shows on this tab's ratings page without a reload.
    await page.goto('/my-ratings');
    await expect(
      page.getByText('Você ainda não avaliou nenhum anime. Comece a explorar e avaliar!'),
    ).toBeVisible();
    await other.evaluate(() => {
      localStorage.setItem(
        'animeRating_920002',
        JSON.stringify({ rating: 4, opinion: 'Feito na outra aba' }),
      );
      localStorage.setItem(
        'anime-master-rating-entries',
        JSON.stringify({
          920002: {
            snapshot: JSON.parse(localStorage.getItem('anime-master-list-entries') ?? '{}')['920002']
              .snapshot,
            ratedAt: new Date().toISOString(),
          },
        }),
      );
    });
    await expect(page.getByText('Feito na outra aba')).toBeVisible();
  });

  test('a list page re-reads storage when the tab becomes visible again', async ({ page }) => {
    const entries = {
      920003: { snapshot: snapshot('Visível de novo'), progress: 0, startedAt: null, finishedAt: null },
    };
    await seedStorage(page, { completedList: [] }, '/completed');
    await expect(page.getByText('Sua lista "Animes Completos" está vazia.')).toBeVisible();
    // Written behind the page's back (no storage event reaches the tab that wrote it), as when a
    // suspended tab missed another tab's change; coming back to the tab shows it.
    await page.evaluate((data) => {
      localStorage.setItem('completedList', '[920003]');
      localStorage.setItem('anime-master-list-entries', JSON.stringify(data));
      document.dispatchEvent(new Event('visibilitychange'));
    }, entries);
    await expect(page.getByRole('heading', { name: 'Visível de novo' })).toBeVisible();
  });

  test('moves across list pages: completing fills the progress, removing empties every list', async ({
    page,
  }) => {
    const entries = {
      920004: {
        snapshot: snapshot('Em Movimento', { episodes: 12 }),
        progress: 5,
        startedAt: '2026-11-02',
        finishedAt: null,
      },
    };
    await seedStorage(page, { watchingList: [920004], 'anime-master-list-entries': entries }, '/watching');
    await page
      .getByRole('combobox', { name: 'Lista de Em Movimento' })
      .selectOption({ label: 'Completados' });
    await expect(page.getByText('Sua lista "Assistindo Atualmente" está vazia.')).toBeVisible();

    await page.goto('/completed');
    const entry = page.getByTestId('list-entry');
    await expect(entry.getByRole('heading', { name: 'Em Movimento' })).toBeVisible();
    await expect(entry.getByTestId('progress')).toHaveText('12/12 episódios');
    await expect(entry.getByText(/^Concluído em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    await entry
      .getByRole('combobox', { name: 'Lista de Em Movimento' })
      .selectOption({ label: 'Remover das Listas' });
    await expect(page.getByText('Sua lista "Animes Completos" está vazia.')).toBeVisible();
    for (const key of ['planToWatchList', 'watchingList', 'completedList', 'droppedList', 'onHoldList']) {
      expect((await readStorage(page))[key]).toBe('[]');
    }
  });

  test('a list of 200 shows the cards that fill the screen first, then every entry', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const ids = Array.from({ length: 200 }, (_, index) => 940_001 + index);
    const entries = Object.fromEntries(
      ids.map((id) => [
        id,
        { snapshot: snapshot(`Anime ${id}`), progress: 0, startedAt: null, finishedAt: null },
      ]),
    );
    // What the page first shows: the entries in it the moment the first one appears.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const cards = document.querySelectorAll('[data-testid="list-entry"]');
        if (cards.length === 0) return;
        const list = cards[0]?.closest('ul');
        Object.assign(window, {
          firstShown: { cards: cards.length, busy: list?.getAttribute('aria-busy') ?? null },
        });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await seedStorage(page, { completedList: ids, 'anime-master-list-entries': entries }, '/completed');

    await expect(page.getByRole('heading', { name: 'Anime 940200' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Animes Completos' });
    // Then every entry is in the page (the browser's find reaches all), in order, and not busy.
    await expect(page.getByTestId('list-entry')).toHaveCount(200);
    await expect(list).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('list-entry').last()).toHaveAttribute('aria-posinset', '200');
    await expect(page.getByTestId('list-entry').last().getByRole('link')).toHaveAttribute(
      'href',
      '/anime/940001',
    );
    // First, a phone's screen of them (2 columns, a few rows), the list marked busy meanwhile.
    const firstShown = await page.evaluate(() => (window as { firstShown?: unknown }).firstShown);
    expect(firstShown).toEqual({ cards: expect.any(Number), busy: 'true' });
    const { cards } = firstShown as { cards: number };
    expect(cards).toBeGreaterThanOrEqual(4);
    expect(cards).toBeLessThanOrEqual(8);

    // End moves to the last entry.
    await page.getByRole('link', { name: 'Anime 940200' }).focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('link', { name: 'Anime 940001' })).toBeFocused();
  });

  test('a list of 50,000 entries opens, and its last entry is reachable by keyboard', async ({ page }) => {
    // A MAL import: ids only, oldest first; the newest and the oldest have a card copy.
    const ids = Array.from({ length: 50_000 }, (_, index) => 6_000_001 + index);
    const oldest = ids[0] as number;
    const newest = ids.at(-1) as number;
    // Jikan is down for this test (and so no lookup reaches the shared fake): the rest degrade.
    await page.route('**/api/anime/**', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UPSTREAM_ERROR', message: 'O serviço de animes está indisponível.' } },
      }),
    );
    await seedStorage(
      page,
      {
        completedList: ids,
        'anime-master-list-entries': {
          [oldest]: {
            snapshot: snapshot('O Mais Antigo da Lista'),
            progress: 1,
            startedAt: null,
            finishedAt: null,
          },
          [newest]: { snapshot: snapshot('O Mais Recente'), progress: 1, startedAt: null, finishedAt: null },
        },
      },
      '/completed',
    );
    const heading = page.getByRole('heading', { level: 1, name: 'Animes Completos' });
    await expect(page.getByRole('heading', { name: 'O Mais Recente' })).toBeVisible();
    await expect(page.getByTestId('list-entry').first()).toHaveAttribute('aria-setsize', '50000');
    // Only the cards near the screen are in the page.
    expect(await page.getByTestId('list-entry').count()).toBeLessThan(200);

    // From the title, Tab reaches the skip link, which moves focus to the very last entry.
    await heading.click();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Ir para o último item da lista (50.000 itens)' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    const last = page.getByRole('link', { name: 'O Mais Antigo da Lista' });
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    await expect(page.locator(`[data-anime-id="${oldest}"]`)).toHaveAttribute('aria-posinset', '50000');

    // Shift+Tab walks back through the entries in reading order.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('combobox', { name: `Lista de Anime #${oldest + 1}` })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('link', { name: `Anime #${oldest + 1}` })).toBeFocused();

    // Home goes back to the first entry.
    await page.keyboard.press('Home');
    await expect(page.getByRole('link', { name: 'O Mais Recente' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'O Mais Recente' })).toBeInViewport();
  });

  test('a list of 50,000 entries is as tall as its rows, before and after a scroll through it', async ({
    page,
  }) => {
    const ids = Array.from({ length: 50_000 }, (_, index) => 6_100_001 + index);
    await page.route('**/api/anime/**', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UPSTREAM_ERROR', message: 'O serviço de animes está indisponível.' } },
      }),
    );
    await seedStorage(page, { completedList: ids }, '/completed');
    await expect(page.getByTestId('list-entry').first()).toHaveAttribute('aria-setsize', '50000');

    /**
     * How far the list's height is from its rows at the height of those drawn (cards of one kind
     * are one height): the scrollbar then says where in the list the screen is, and does not
     * creep while more rows are drawn.
     */
    const offRows = () =>
      page.evaluate(() => {
        const list = document.querySelector<HTMLElement>('ul[data-windowed]');
        const rows = [...(list?.querySelectorAll<HTMLElement>('li[data-index]') ?? [])];
        if (!list || rows.length === 0) return Number.POSITIVE_INFINITY;
        const columns = list.querySelectorAll('li').length / rows.length;
        const rowCount = Math.ceil(Number(rows[0]?.getAttribute('aria-setsize')) / columns);
        const row = rows[0]?.offsetHeight ?? 0;
        const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
        return Math.abs(list.offsetHeight - (rowCount * row + (rowCount - 1) * gap));
      });
    await expect.poll(offRows).toBeLessThanOrEqual(1);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);

    // Ten screens down, one at a time, each drawn before the next.
    for (let screen = 1; screen <= 10; screen++) {
      const top = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY;
      });
      expect(top).toBeGreaterThan(0);
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll('li[data-index]')].some((row) => {
              const box = row.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            }),
          ),
        )
        .toBe(true);
    }
    expect(await offRows()).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
  });

  test('a list page reads no rating, and the ratings page reads no list', async ({ page, context }) => {
    // 2,000 ratings (a fan's library in miniature) and two completed anime with their copies.
    const rated = Array.from({ length: 2000 }, (_, index) => 930_001 + index);
    const seed: Record<string, unknown> = {
      completedList: [920011, 920012],
      'anime-master-list-entries': {
        920011: { snapshot: snapshot('Lido Sem Notas'), progress: 12, startedAt: null, finishedAt: null },
        920012: { snapshot: snapshot('Também Sem Notas'), progress: 12, startedAt: null, finishedAt: null },
      },
      'anime-master-rating-entries': {
        [rated[0] as number]: { snapshot: snapshot('A Nota Mais Nova'), ratedAt: new Date().toISOString() },
      },
    };
    for (const id of rated) seed[`animeRating_${id}`] = { rating: 4, opinion: '' };
    // Every key the page reads, counted from its first script on (the test's own reads come later).
    await context.addInitScript(() => {
      const reads: string[] = [];
      let enumerated = 0;
      (window as unknown as { __reads: () => { reads: string[]; enumerated: number } }).__reads = () => ({
        reads: [...reads],
        enumerated,
      });
      const getItem = Storage.prototype.getItem;
      const key = Storage.prototype.key;
      Storage.prototype.getItem = function (name: string) {
        reads.push(name);
        return getItem.call(this, name);
      };
      Storage.prototype.key = function (index: number) {
        enumerated++;
        return key.call(this, index);
      };
    });
    const readsOf = () =>
      page.evaluate(() =>
        (window as unknown as { __reads: () => { reads: string[]; enumerated: number } }).__reads(),
      );

    await seedStorage(page, seed, '/completed');
    await expect(page.getByRole('heading', { name: 'Lido Sem Notas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Também Sem Notas' })).toBeVisible();
    let seen = await readsOf();
    expect(seen.reads).toContain('completedList');
    expect(seen.reads.filter((name) => name.startsWith('animeRating_'))).toEqual([]);
    expect(seen.reads).not.toContain('anime-master-rating-entries');
    // No pass over the keys at all (a signed-in session is one key, read by its name).
    expect(seen.enumerated).toBe(0);

    await page.goto('/my-ratings');
    await expect(page.getByRole('heading', { name: 'A Nota Mais Nova' })).toBeVisible();
    await expect(page.getByTestId('rated-entry').first()).toHaveAttribute('aria-setsize', '2000');
    seen = await readsOf();
    // Every rating once for the whole list, plus the newest (at most a first screen of 24) read
    // once before it to draw them sooner.
    const ratingReads = seen.reads.filter((name) => name.startsWith('animeRating_'));
    expect(new Set(ratingReads).size).toBe(2000);
    expect(ratingReads.length).toBeLessThanOrEqual(2000 + 24);
    expect(seen.reads).not.toContain('completedList');
    expect(seen.reads).not.toContain('anime-master-list-entries');
  });
});

import { expect, test, useLanguage } from '../support';
import { cardTitles, cards, carousel } from './helpers';

const SEASON = 'Animes da Temporada Atual';
const TOP = 'Animes Mais Bem Avaliados';
const FAVORITES = 'Meus Animes Favoritos';

test.describe('home carousels (loaded)', () => {
  test('season and top carousels are server-rendered with their cards, counts and scores', async ({
    page,
  }) => {
    // The HTML the server streams already holds the cards (no client fetch before the first paint).
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('4 animes encontrados');
    expect(html).toContain('10 animes encontrados');
    expect(html.match(/data-testid="anime-card"/g)).toHaveLength(14);

    await page.goto('/');
    const top = carousel(page, TOP);
    await expect(top.getByText('10 animes encontrados')).toBeVisible();
    // /top/anime?type=tv&filter=bypopularity starts with Shingeki no Kyojin (16498), score 8.55.
    const first = cards(top).first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/anime/16498');
    await expect(first.getByRole('link')).toHaveAccessibleName('Shingeki no Kyojin Ver Detalhes');
    await expect(first.getByText('8,6/10')).toBeVisible();
    await expect(first.getByText('Finalizado')).toBeVisible();
    // Adult entries of this season (R+ and Rx) are hidden from anonymous visitors.
    expect(await cardTitles(carousel(page, SEASON))).toEqual([
      'Tetsu no Renge',
      'Hoshi no Kartographer',
      'Tsukiyo no Pan-ya',
      'Kaze no Yuubinya',
    ]);
  });

  test('every card links to its anime page', async ({ page }) => {
    await page.goto('/');
    const links = carousel(page, TOP).getByTestId('anime-card').getByRole('link');
    await expect(links).toHaveCount(10);
    for (const href of await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')))) {
      expect(href).toMatch(/^\/anime\/\d+$/);
    }
    await links.first().click();
    await expect(page).toHaveURL(/\/anime\/16498$/);
  });

  test('favourites show their empty state until something is rated 4 or 5', async ({ page }) => {
    await page.goto('/');
    const favorites = carousel(page, FAVORITES);
    await expect(
      favorites.getByText('Você ainda não avaliou nenhum anime com 4 ou 5 estrelas.'),
    ).toBeVisible();
    await favorites.getByRole('link', { name: 'Explorar animes' }).click();
    await expect(page).toHaveURL(/\/explore/);
  });

  test('arrows move the carousel', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const top = carousel(page, TOP);
    const active = top.locator('.swiper-slide-active');
    await expect(active.getByRole('heading')).toHaveText('Shingeki no Kyojin');
    await top.getByRole('button', { name: 'Próximo' }).click();
    await expect(active.getByRole('heading')).toHaveText('Death Note');
    await top.getByRole('button', { name: 'Anterior' }).click();
    await top.getByRole('button', { name: 'Anterior' }).click();
    // Looping: before the first card comes the last one.
    await expect(active.getByRole('heading')).not.toHaveText(/Shingeki no Kyojin|Death Note/);
  });

  test('autoplay turns every 2.5 s, keeps going after the arrows, and can be paused', async ({ page }) => {
    // The page's timers run on a clock the test can move on: time flows as usual until the test
    // runs it ahead, so 'nothing moves for 6 s' is checked without waiting 6 s.
    await page.clock.install();
    await page.goto('/');
    const top = carousel(page, TOP);
    const active = top.locator('.swiper-slide-active').getByRole('heading');
    await expect(active).toHaveText('Shingeki no Kyojin');
    await expect(active).toHaveText('Death Note', { timeout: 4000 });
    await top.getByRole('button', { name: 'Próximo' }).click();
    const afterClick = await active.innerText();
    await expect(active).not.toHaveText(afterClick, { timeout: 4000 });

    await top.getByRole('button', { name: 'Pausar rotação automática' }).click();
    const paused = await active.innerText();
    await page.mouse.move(0, 0);
    // Over two autoplay delays, every timer fired: a carousel still turning would have moved.
    await page.clock.runFor(6000);
    await expect(active).toHaveText(paused);
    await expect(top.getByRole('button', { name: 'Retomar rotação automática' })).toBeVisible();
  });

  test('no autoplay for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const active = carousel(page, TOP).locator('.swiper-slide-active').getByRole('heading');
    await expect(active).toHaveText('Shingeki no Kyojin');
    // The carousel's start (at the first idle moment) and two autoplay delays, every timer fired.
    await page.clock.runFor(6000);
    await expect(active).toHaveText('Shingeki no Kyojin');
    await expect(carousel(page, TOP).getByRole('button', { name: 'Pausar rotação automática' })).toHaveCount(
      0,
    );
  });

  for (const { width, perView } of [
    { width: 390, perView: 1.2 },
    { width: 700, perView: 2.2 },
    { width: 1280, perView: 4 },
  ]) {
    test(`shows ${perView} slides per view at ${width} px, 20 px apart`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const swiper = carousel(page, TOP).locator('.swiper.swiper-initialized');
      await expect(swiper).toBeVisible();
      const measured = await swiper.evaluate((element) => {
        const style = getComputedStyle(element);
        const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const [first, second] = Array.from(element.querySelectorAll<HTMLElement>('.swiper-slide'));
        const a = first!.getBoundingClientRect();
        const b = second!.getBoundingClientRect();
        return { perView: (inner + 20) / (a.width + 20), gap: Math.abs(b.left - a.right) };
      });
      expect(measured.perView).toBeCloseTo(perView, 1);
      expect(measured.gap).toBeCloseTo(20, 0);
    });
  }

  test('nothing moves when the carousel takes over from the server HTML', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.evaluate(() => document.querySelector('h2')?.scrollIntoView());
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
              total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 1000);
        }),
    );
    expect(shift).toBeLessThan(0.05);
  });

  test('speaks English', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/');
    const season = page.getByRole('region', { name: "This Season's Anime" });
    await expect(season).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'My Favourite Anime' })
        .getByText('You have not rated any anime with 4 or 5 stars yet.'),
    ).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the season and top carousels show their cards, not their skeletons', async ({ page }) => {
    // The cached page holds the cards in place: nothing waits for a script to swap them in.
    await page.goto('/');
    for (const [title, count] of [
      [SEASON, 4],
      [TOP, 10],
    ] as const) {
      const region = carousel(page, title);
      await expect(cards(region)).toHaveCount(count);
      await expect(cards(region).first()).toBeVisible();
      await expect(region.getByTestId('anime-card-skeleton')).toHaveCount(0);
    }
    await expect(cards(carousel(page, TOP)).first().getByRole('link')).toHaveAttribute(
      'href',
      '/anime/16498',
    );
  });
});

test("Swiper's code is loaded on the home page only", async ({ page }) => {
  const swiperIn = async (path: string) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // The home page starts Swiper once the app has hydrated and the browser is idle: wait for that
    // rather than for a quiet network, which can come first on a loaded machine.
    if (path === '/') await expect(page.locator('.swiper-initialized').first()).toBeAttached();
    page.removeAllListeners('response');
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    return bodies.some((body) => body.includes('swiper-slide-active'));
  };
  expect(await swiperIn('/')).toBe(true);
  expect(await swiperIn('/explore')).toBe(false);
  expect(await swiperIn('/search?q=naruto')).toBe(false);
});

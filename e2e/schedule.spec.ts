import type { Page } from '@playwright/test';
import { expect, fake, test } from './support';

/**
 * The airing schedule (/schedule), next-episode countdowns and new-episode alerts. The fake
 * upstream's Tsukiyo no Pan-ya (90102) airs "Mondays at 00:05 (JST)"; One Piece (21) "Wednesdays
 * at 17:30 (JST)" with no episode total; Akai Yokujou (90105, Rx) and Natsu no Ryou (90106, R+)
 * are adult records on the air.
 */
const MONDAY_0005 = 90102;
const ONE_PIECE = 21;
const ADULT_IDS = [90105, 90106];

const day = (page: Page, weekday: number) => page.locator(`[data-testid="schedule-day"][data-weekday="${weekday}"]`);
const entry = (page: Page, id: number) => page.locator(`[data-testid="schedule-entry"][data-anime-id="${id}"]`);

/**
 * Layout shifts inside <main> (the schedule's own; the shared header is measured by its own specs),
 * each with the elements that moved. Every shift counts, not only the worst session window.
 */
async function observeShifts(page: Page) {
  // Scripts on a slow line: the server's HTML is painted well before the page hydrates, as on a
  // phone, so anything that moves at hydration moves on screen.
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.addInitScript(() => {
    type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const inMain = (node?: Node | null) =>
      (node instanceof Element ? node : (node?.parentElement ?? null))?.closest('main') != null;
    const describe = (node?: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 120)
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const item of list.getEntries() as unknown as Shift[]) {
        if (item.hadRecentInput || !item.sources.some((source) => inMain(source.node))) continue;
        shifts.push({ value: item.value, sources: item.sources.map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function expectNoShift(page: Page) {
  const seen = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  const total = seen.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(seen)).toBeLessThan(0.001);
}

test.describe('schedule in São Paulo', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('lists the Monday 00:05 JST anime under Sunday at 12:05, with no layout shift', async ({ page }) => {
    await observeShifts(page);
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Programação da semana' })).toBeVisible();
    await expect(page.getByTestId('schedule-zone')).toHaveText('Horários no seu fuso: America/Sao_Paulo');
    const sunday = day(page, 0);
    await expect(sunday.getByRole('heading', { name: /^Domingo/ })).toBeVisible();
    await expect(sunday.locator(`[data-anime-id="${MONDAY_0005}"]`).getByTestId('schedule-time')).toHaveText(
      'Domingo, 12:05',
    );
    await expect(day(page, 1).locator(`[data-anime-id="${MONDAY_0005}"]`)).toHaveCount(0);
    const link = entry(page, MONDAY_0005).getByRole('link');
    await expect(link).toContainText('Tsukiyo no Pan-ya');
    await expect(link).toHaveAttribute('href', `/anime/${MONDAY_0005}`);
    // Settled: fonts and covers in, entries moved; nothing visible moved on the way.
    await page.waitForLoadState('load');
    await expect(entry(page, ONE_PIECE)).toBeVisible();
    await expectNoShift(page);
  });

  test('on a phone too, placing the week shifts nothing', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await observeShifts(page);
    await page.goto('/schedule');
    await expect(day(page, 0).locator(`[data-anime-id="${MONDAY_0005}"]`)).toBeVisible();
    await page.waitForLoadState('load');
    await expectNoShift(page);
  });

  test('marks today, and filters to the anime in my lists', async ({ page }) => {
    // Wednesday 2025-10-15, 10:00 in São Paulo.
    await page.clock.install({ time: new Date('2025-10-15T13:00:00Z') });
    await page.addInitScript((id) => {
      if (localStorage.getItem('watchingList')) return;
      localStorage.setItem('planToWatchList', JSON.stringify([id]));
    }, ONE_PIECE);
    await page.goto('/schedule');
    const wednesday = day(page, 3);
    await expect(wednesday).toHaveAttribute('aria-current', 'date');
    await expect(wednesday.getByText('Hoje', { exact: true })).toBeVisible();
    await expect(page.locator('[data-testid="schedule-day"][aria-current="date"]')).toHaveCount(1);

    const onlyMine = page.getByRole('button', { name: 'Só das minhas listas' });
    await expect(entry(page, MONDAY_0005)).toBeVisible();
    await onlyMine.click();
    await expect(onlyMine).toHaveAttribute('aria-pressed', 'true');
    await expect(entry(page, ONE_PIECE)).toBeVisible();
    await expect(entry(page, MONDAY_0005)).toHaveCount(0);
    await expect(day(page, 0).getByText('Nenhum anime das suas listas neste dia.')).toBeVisible();
    await onlyMine.click();
    await expect(entry(page, MONDAY_0005)).toBeVisible();
  });
});

test.describe('schedule in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('lists the Monday 00:05 JST anime under Monday at 00:05', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByTestId('schedule-zone')).toHaveText('Horários no seu fuso: Asia/Tokyo');
    await expect(day(page, 1).locator(`[data-anime-id="${MONDAY_0005}"]`).getByTestId('schedule-time')).toHaveText(
      'Segunda-feira, 00:05',
    );
    await expect(day(page, 0).locator(`[data-anime-id="${MONDAY_0005}"]`)).toHaveCount(0);
  });
});

test.describe('schedule in Auckland', () => {
  // Tall enough to see the whole week: a shift below the fold would not count.
  test.use({ timezoneId: 'Pacific/Auckland', viewport: { width: 1280, height: 2000 } });

  test('moves a late Thursday slot to Friday, and the days that change size shift nothing', async ({ page }) => {
    await observeShifts(page);
    await page.goto('/schedule');
    // Tetsu no Renge, Thursdays 23:30 JST: Friday morning in New Zealand (03:30, or 02:30 in winter).
    await expect(day(page, 5).locator('[data-anime-id="90103"]').getByTestId('schedule-time')).toHaveText(
      /^Sexta-feira, 0[23]:30$/,
    );
    await expect(day(page, 4).locator('[data-anime-id="90104"]')).toBeVisible();
    await expect(day(page, 4).getByTestId('schedule-entry')).toHaveCount(1);
    await page.waitForLoadState('load');
    await expectNoShift(page);
  });
});

test.describe('schedule for everyone', () => {
  test('anonymous visitors see no adult title, and the week costs at most one call per weekday', async ({ page }) => {
    const since = Date.now();
    await page.goto('/schedule');
    await expect(entry(page, ONE_PIECE)).toBeVisible();
    await expect(entry(page, MONDAY_0005)).toBeVisible();
    for (const id of ADULT_IDS) await expect(entry(page, id)).toHaveCount(0);
    await expect(page.getByText('Akai Yokujou')).toHaveCount(0);
    await expect(page.getByText('Natsu no Ryou')).toHaveCount(0);

    const calls = await fake.calls({ service: 'jikan', match: '/schedules', since });
    const filters = calls.map((call) => call.query.filter);
    expect(calls.length).toBeLessThanOrEqual(7);
    expect(new Set(filters).size).toBe(filters.length);
    // The page is cached: a second visit calls nothing.
    const again = Date.now();
    await page.reload();
    await expect(entry(page, ONE_PIECE)).toBeVisible();
    expect(await fake.calls({ service: 'jikan', match: '/schedules', since: again })).toHaveLength(0);
  });

  test('is linked from the header and from the mobile menu, in both languages', async ({ page }) => {
    await page.goto('/test');
    await page.getByRole('banner').getByRole('link', { name: 'Programação', exact: true }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programação da semana' })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: page.url() }]);
    await page.goto('/test');
    // On a phone the header keeps its few buttons; the schedule is in the menu.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Schedule', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole('heading', { level: 1, name: "This week's schedule" })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Monday/ })).toBeVisible();
  });
});

test.describe('next episode', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('the detail page of an airing anime counts down to its next episode; a finished one says nothing', async ({
    page,
  }) => {
    // Monday 2025-10-13 19:00 JST; One Piece's next slot is Wednesday 17:30 JST: 1 d 22 h 30 min.
    await page.clock.install({ time: new Date('2025-10-13T10:00:00Z') });
    await page.goto(`/anime/${ONE_PIECE}`);
    await expect(page.getByTestId('next-episode')).toHaveText('Próximo episódio em 1 d 22 h');
    await page.goto('/anime/20');
    await expect(page.getByTestId('detail-title')).toHaveText('Naruto');
    await expect(page.getByTestId('next-episode')).toHaveCount(0);
  });

  test('a Watching episode that airs brings one notice, not repeated after a reload', async ({ page }) => {
    // Two minutes before One Piece's Wednesday 17:30 JST slot (08:30 UTC).
    await page.clock.install({ time: new Date('2025-10-15T08:28:00Z') });
    await page.goto(`/anime/${ONE_PIECE}`);
    await page.getByRole('button', { name: 'Assistindo', exact: true }).click();
    // The watcher starts this anime's clock: what aired before it was on the list is not news.
    await expect
      .poll(() => page.evaluate((id) => JSON.parse(localStorage.getItem('episodeAlerts') ?? '{}')[id], ONE_PIECE), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    await page.goto('/watching');
    const card = page.locator(`[data-testid="list-entry"][data-anime-id="${ONE_PIECE}"]`);
    await expect(card.getByTestId('next-episode')).toHaveText(/^Próximo episódio em [12] min$/);

    await page.clock.fastForward('03:00');
    const bell = page.getByRole('button', { name: /^Notificações:/ });
    await bell.click();
    const notices = page.getByRole('dialog', { name: 'Notificações' }).getByTestId('notification-item');
    await expect(notices.filter({ hasText: 'Episódio novo de One Piece' })).toHaveCount(1);
    await page.keyboard.press('Escape');

    await page.reload();
    // Let the reloaded app's first check and a minute's check run.
    await page.clock.fastForward('01:30');
    await expect
      .poll(() => page.evaluate((id) => JSON.parse(localStorage.getItem('episodeAlerts') ?? '{}')[id], ONE_PIECE))
      .toBeGreaterThan(Date.parse('2025-10-15T08:32:00Z'));
    await bell.click();
    await expect(notices.filter({ hasText: 'Episódio novo de One Piece' })).toHaveCount(1);
  });
});

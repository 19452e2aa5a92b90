import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** Header bell and panel (SPEC §3, §4, §9). Each test runs in a fresh browser context. */

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações:/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notificações' });
const items = (page: Page) => panel(page).getByTestId('notification-item');

/** Seeds stored notifications (and marks today's season check done) before the app starts. */
async function seed(page: Page, count: number) {
  await page.addInitScript((total) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const now = Date.now();
    const list = Array.from({ length: total }, (_, index) => ({
      id: now - index * 1000,
      type: 'loginRequired',
      title: 'Login Necessário',
      message: 'x',
      data: { requiresLogin: true, animeTitle: `Anime ${index + 1}` },
      timestamp: new Date(now - index * 1000).toISOString(),
      read: false,
    }));
    localStorage.setItem('notifications', JSON.stringify(list));
    const d = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    localStorage.setItem(
      'lastSeasonCheck',
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    );
  }, count);
}

test.describe('notifications', () => {
  test('the season-release check notifies the first season anime (5 at most) once per calendar day', async ({
    page,
  }) => {
    // The fake season has fewer than 5 titles a visitor may see: expect min(5, what the API lists).
    const season = (await (await page.request.get('/api/anime/season?page=1&limit=20')).json()) as {
      data: { title: string }[];
    };
    const n = Math.min(5, season.data.length);
    expect(n).toBeGreaterThan(0);
    const unread = (count: number) => `Notificações: ${count} ${count === 1 ? 'não lida' : 'não lidas'}`;
    await page.clock.install({ time: new Date('2026-11-23T09:00:00') });
    // A page without carousels, whose autoplay timers would make the fast-forwards below slow.
    await page.goto('/test');
    // The first check waits for the page to settle (a few seconds) and an idle moment.
    await expect(bell(page)).toHaveAccessibleName(unread(n), { timeout: 20_000 });
    await expect(bell(page).getByTestId('notification-count')).toHaveText(String(n));
    expect(await page.evaluate(() => localStorage.getItem('lastSeasonCheck'))).toBe('2026-11-23');

    await bell(page).click();
    await expect(items(page)).toHaveCount(n);
    for (const [index, item] of (await items(page).all()).entries()) {
      await expect(item).toContainText('Lançamento da Temporada');
      // The first season anime on top.
      await expect(item).toContainText(`"${season.data[index]?.title}" está na temporada atual.`);
    }
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // Same day: a reload and the 30-minute timer add nothing.
    await page.reload();
    await page.clock.runFor('31:00');
    await expect(bell(page)).toHaveAccessibleName(unread(n));

    // The next calendar day, the running app's 30-minute check fires again.
    await page.clock.setSystemTime(new Date('2026-11-24T00:10:00'));
    await page.clock.runFor('30:00');
    await expect(bell(page)).toHaveAccessibleName(unread(2 * n));
    expect(await page.evaluate(() => localStorage.getItem('lastSeasonCheck'))).toBe('2026-11-24');
  });

  test('no season notices when the preference is off', async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('notificationPreferences')) {
        localStorage.setItem('notificationPreferences', JSON.stringify({ seasonReleases: false }));
      }
    });
    await page.goto('/settings?tab=notifications');
    await expect(page.getByRole('checkbox', { name: /Lançamentos da temporada/ })).not.toBeChecked();
    // Today's check still runs (for the other preferences, with nothing to say here)...
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lastSeasonCheck')), { timeout: 20_000 })
      .toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // ...and announced no season release.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Lançamentos da temporada/ })).not.toBeChecked();
    await expect(bell(page)).toHaveAccessibleName('Notificações: nenhuma não lida');
    expect(await page.evaluate(() => localStorage.getItem('notifications'))).toBe('[]');
  });

  test('keeps 100 at most; read one, read all, remove one, clear all, and it sticks', async ({ page }) => {
    await seed(page, 120);
    await page.goto('/');
    await expect(bell(page)).toHaveAccessibleName('Notificações: 99+ não lidas');
    await expect(bell(page).getByTestId('notification-count')).toHaveText('99+');
    await bell(page).click();
    await expect(items(page)).toHaveCount(100);
    await expect(items(page).first()).toContainText('Para acessar "Anime 1" e outros conteúdos adultos');

    await items(page)
      .first()
      .getByRole('button', { name: /^Marcar como lida/ })
      .click();
    await expect(items(page).first()).toHaveAttribute('data-read', 'true');
    await expect(panel(page).getByTestId('notification-summary')).toHaveText('99 não lidas');

    await panel(page).getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(panel(page).getByTestId('notification-summary')).toHaveText('Nenhuma não lida');
    await expect(bell(page).getByTestId('notification-count')).toHaveCount(0);

    await items(page)
      .nth(1)
      .getByRole('button', { name: /^Remover notificação/ })
      .click();
    await expect(items(page)).toHaveCount(99);
    await expect(panel(page).getByText('"Anime 2"')).toHaveCount(0);
    await expect(panel(page).getByText('"Anime 3"')).toHaveCount(1);

    await page.reload();
    await bell(page).click();
    await expect(items(page)).toHaveCount(99);
    await panel(page).getByRole('button', { name: 'Limpar todas' }).click();
    await expect(panel(page).getByText('Nenhuma notificação por aqui.')).toBeVisible();
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificações: nenhuma não lida');
    expect(await page.evaluate(() => localStorage.getItem('notifications'))).toBe('[]');
  });
});

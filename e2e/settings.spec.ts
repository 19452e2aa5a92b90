import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** Settings (SPEC §2): seven tabs, the selected one kept in the URL; every tab does what it shows. */

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('settings', () => {
  test('Geral is the default: version 1.0.0, today and the browser', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await expect(tab(page, 'Geral')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('settings-version')).toHaveText('1.0.0');
    const year = String(new Date().getFullYear());
    await expect(page.getByTestId('settings-date')).toContainText(year);
    await expect(page.getByTestId('settings-browser')).toHaveText(/^(Chrome|Chromium) \d+$/);
  });

  test('each tab is reachable, kept in the URL and restored on reload; arrows move between tabs', async ({ page }) => {
    await page.goto('/settings');
    const expected: [string, string, RegExp | string][] = [
      ['Aparência', 'appearance', 'Tema'],
      ['Idioma', 'language', 'Idioma atual: Português'],
      ['Notificações', 'notifications', 'Preferências de notificação'],
      ['Privacidade', 'privacy', 'Privacidade e verificação de idade'],
      ['Dados', 'data', 'Estatísticas'],
      ['Conta', 'account', 'Você não está logado.'],
      ['Geral', 'general', 'Sobre o Anime Master'],
    ];
    for (const [name, value, text] of expected) {
      await tab(page, name).click();
      await expect(page).toHaveURL(new RegExp(`/settings\\?tab=${value}$`));
      await expect(panel(page)).toContainText(text);
    }
    await page.goto('/settings?tab=privacy');
    await expect(tab(page, 'Privacidade')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toContainText('Não logado');
    await expect(panel(page)).toContainText('Bloqueado');
    await tab(page, 'Privacidade').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Dados')).toBeFocused();
    await expect(page).toHaveURL(/tab=data$/);
    await page.goto('/settings?tab=nonsense');
    await expect(tab(page, 'Geral')).toHaveAttribute('aria-selected', 'true');
  });

  test('what a fan types right after switching tabs stays: a tab switch renders nothing anew on the server', async ({
    page,
  }) => {
    await page.goto('/settings?tab=account');
    await expect(panel(page)).toContainText('Você não está logado.');
    const rendered: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has('_rsc') && url.searchParams.has('tab')) rendered.push(request.url());
    });
    await tab(page, 'Dados').click();
    const name = panel(page).getByRole('textbox', { name: 'Nome de usuário' });
    await name.fill('ani-fan');
    await expect(page).toHaveURL(/\/settings\?tab=data$/);
    // Anything the switch could still render arrives by now: the field keeps what was typed.
    await expect(panel(page)).toContainText('Estatísticas');
    await expect(name).toHaveValue('ani-fan');
    await tab(page, 'Conta').click();
    await expect(page).toHaveURL(/\/settings\?tab=account$/);
    await tab(page, 'Dados').click();
    await expect(name).toBeVisible();
    expect(rendered).toEqual([]);
  });

  test('Aparência switches the theme and keeps it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings?tab=appearance');
    await panel(page).getByText('Escuro').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(panel(page).getByRole('radio', { name: 'Escuro' })).toBeChecked();
    await panel(page).getByText('Claro').click();
    await expect(panel(page).getByRole('radio', { name: 'Claro' })).toBeChecked();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('Idioma switches the interface to English', async ({ page }) => {
    await page.goto('/settings?tab=language');
    await panel(page).getByRole('button', { name: 'Mudar idioma para English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Language' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toContainText('Current language: English');
  });

  test('Notificações saves each preference at once and keeps it', async ({ page }) => {
    await page.goto('/settings?tab=notifications');
    const sound = panel(page).getByRole('checkbox', { name: /^Som/ });
    const episodes = panel(page).getByRole('checkbox', { name: /^Novos episódios/ });
    await expect(sound).toBeChecked();
    await expect(episodes).toBeChecked();
    await sound.uncheck();
    await episodes.uncheck();
    await expect(panel(page).getByRole('button', { name: 'Testar som' })).toBeDisabled();
    await page.reload();
    await expect(sound).not.toBeChecked();
    await expect(episodes).not.toBeChecked();
    await expect(panel(page).getByRole('checkbox', { name: /^Lançamentos da temporada/ })).toBeChecked();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('notificationPreferences') ?? '{}') as object);
    expect(stored).toMatchObject({ soundEnabled: false, newEpisodes: false, seasonReleases: true });
  });

  test('Dados shows real statistics from this browser', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('animeRating_1', JSON.stringify({ rating: 5, opinion: 'top' }));
      localStorage.setItem('animeRating_5', JSON.stringify({ rating: 4, opinion: '' }));
      localStorage.setItem('animeRating_20', JSON.stringify({ rating: 4, opinion: '' }));
      localStorage.setItem('completedList', JSON.stringify([1, 5]));
      localStorage.setItem('watchingList', JSON.stringify([20]));
      localStorage.setItem('planToWatchList', JSON.stringify([21, 30, 31]));
    });
    await page.goto('/settings?tab=data');
    const summary = panel(page).getByTestId('stats-summary');
    await expect(summary).toContainText('Animes avaliados3');
    await expect(summary).toContainText('Nota média4,3/5');
    await expect(summary).toContainText('Animes nas listas6');
    await expect(summary).toContainText('Planejo Assistir3');
    await expect(summary).toContainText('Completos2');
    await expect(panel(page).getByTestId('stats-stars-5')).toHaveText('1');
    await expect(panel(page).getByTestId('stats-stars-4')).toHaveText('2');
    await expect(panel(page).getByTestId('stats-stars-1')).toHaveText('0');
  });

  test('Conta tells a visitor they are not signed in', async ({ page }) => {
    await page.goto('/settings?tab=account');
    await expect(panel(page)).toContainText('Você não está logado. Entre com sua conta Google');
  });

  test('Dados offers the backup tools above the statistics', async ({ page }) => {
    await page.goto('/settings?tab=data');
    await expect(panel(page).getByRole('button', { name: 'Exportar Dados' })).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Estatísticas' })).toBeVisible();
    await expect(panel(page).getByTestId('stats-summary')).toContainText('Animes avaliados0');
  });
});

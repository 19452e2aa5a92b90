import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { snapshot, type Seed } from './personal/seed';
// Aliased: a Playwright helper, not a React hook (the hooks lint rule goes by the name).
import { expect, test, useLanguage as setLanguageCookie } from './support';

/**
 * Accessibility: axe-core on every route and on the open states that matter, in both
 * themes, in Portuguese and (for the pages whose text differs most) in English. WCAG 2.1 A/AA plus
 * axe's best practices; no rule is switched off. Each scan waits for the page to be hydrated and
 * its content in (conditions, never the clock), so what is scanned is what a visitor sees.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
type Theme = 'light' | 'dark';
type Locale = 'pt' | 'en';

/** Everything a signed-out visitor can have in this browser: five lists, ratings, their snapshots. */
const SEED: Seed = {
  planToWatchList: [1535],
  watchingList: [20, 21],
  completedList: [1],
  droppedList: [19],
  onHoldList: [5114],
  'anime-master-list-entries': {
    1535: {
      snapshot: snapshot('Death Note', { coverId: 1535 }),
      progress: 0,
      startedAt: null,
      finishedAt: null,
    },
    20: {
      snapshot: snapshot('Naruto', { coverId: 20 }),
      progress: 3,
      startedAt: '2026-11-01',
      finishedAt: null,
    },
    21: {
      snapshot: snapshot('One Piece', { coverId: 21, episodes: null }),
      progress: 0,
      startedAt: null,
      finishedAt: null,
    },
    1: {
      snapshot: snapshot('Cowboy Bebop', { coverId: 1 }),
      progress: 12,
      startedAt: '2026-10-01',
      finishedAt: '2026-10-20',
    },
    19: { snapshot: snapshot('Monster', { coverId: 19 }), progress: 2, startedAt: null, finishedAt: null },
    5114: {
      snapshot: snapshot('Fullmetal Alchemist: Brotherhood', { coverId: 5114 }),
      progress: 5,
      startedAt: null,
      finishedAt: null,
    },
  },
  animeRating_20: { rating: 5, opinion: 'Uma obra-prima do começo ao fim.' },
  animeRating_1: { rating: 4, opinion: '' },
  'anime-master-rating-entries': {
    20: { snapshot: snapshot('Naruto', { coverId: 20 }), ratedAt: '2026-11-20T10:00:00.000Z' },
    1: { snapshot: snapshot('Cowboy Bebop', { coverId: 1 }), ratedAt: '2026-11-19T10:00:00.000Z' },
  },
};

/**
 * Sets the colour scheme (nothing stored, so the app follows it), the language cookie and, when
 * given, this browser's data (written before the app's first script runs, once per tab).
 */
async function prepare(page: Page, theme: Theme, locale: Locale = 'pt', seed?: Seed) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'no-preference' });
  await setLanguageCookie(page, locale);
  if (seed) {
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('a11y-seeded')) return;
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      sessionStorage.setItem('a11y-seeded', '1');
    }, seed);
  }
}

/**
 * Waits until the page is what a visitor sees: the right language and theme, React hydrated (the
 * language switcher mirrors the cookie into localStorage from an effect), nothing marked busy,
 * `content` visible, fonts loaded and every finite animation (fades, slides) finished.
 */
async function settle(page: Page, content: Locator, theme: Theme, locale: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}(-|$)`));
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.waitForFunction(
    (expected) => localStorage.getItem('anime-master-language') === expected,
    locale,
  );
  await expect(content.first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Runs axe on the whole document and fails with a readable list of what it found. */
async function scan(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
    ),
  );
  // Soft: one run lists the violations of every page of a test, not only the first page's.
  expect.soft(found, `axe violations on ${label}`).toEqual([]);
}

async function visit(
  page: Page,
  path: string,
  content: (page: Page) => Locator,
  theme: Theme,
  locale: Locale,
) {
  await page.goto(path);
  await settle(page, content(page), theme, locale);
  await scan(page, `${path} [${theme}, ${locale}]`);
}

const main = (page: Page) => page.locator('main');
const cards = (page: Page) => page.locator('main a[href^="/anime/"]');
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

/** Public pages whose content comes from the (fake) anime database; `en` also in English. */
const DATA_PAGES: { path: string; content: (page: Page) => Locator; en?: boolean }[] = [
  { path: '/', content: (page) => page.locator('main section a[href^="/anime/"]'), en: true },
  { path: '/explore?tab=top&view=grid', content: cards, en: true },
  { path: '/explore?tab=seasonal&view=grid', content: cards },
  { path: '/explore?tab=popular&view=grid', content: cards },
  { path: '/explore?tab=top&view=list', content: cards },
  { path: '/search', content: (page) => page.locator('main a[href^="/search?q="]'), en: true },
  { path: '/search?q=naruto', content: cards, en: true },
  { path: '/search?q=naruto&view=list&sort=score', content: cards },
  {
    path: '/search?q=zzz-no-such-anime',
    content: (page) => page.getByRole('link', { name: /Explorar animes|Explore anime/i }),
  },
  { path: '/schedule', content: (page) => page.getByTestId('schedule-entry').first(), en: true },
  { path: '/anime/20', content: (page) => page.getByTestId('synopsis'), en: true },
  { path: '/anime/90105', content: heading(/.+/) },
  { path: '/anime/999999', content: heading(/.+/), en: true },
];

/** Pages that show only this browser's data, or none. */
const LOCAL_PAGES: { path: string; content: (page: Page) => Locator }[] = [
  { path: '/anime/20/edit', content: (page) => page.getByRole('textbox') },
  ...['/plan-to-watch', '/watching', '/completed', '/dropped', '/on-hold', '/my-ratings'].map((path) => ({
    path,
    content: main,
  })),
  ...['general', 'appearance', 'language', 'notifications', 'privacy', 'data', 'account'].map((tab) => ({
    path: `/settings?tab=${tab}`,
    content: (page: Page) => page.getByRole('tabpanel'),
  })),
  { path: '/test', content: heading(/.+/) },
  { path: '/isto-nao-existe', content: heading(/.+/) },
];

/** The same pages with entries and ratings, and the text that shows they are in. */
const SEEDED_PAGES: [path: string, text: string][] = [
  ['/plan-to-watch', 'Death Note'],
  ['/watching', 'One Piece'],
  ['/completed', 'Cowboy Bebop'],
  ['/dropped', 'Monster'],
  ['/on-hold', 'Fullmetal Alchemist: Brotherhood'],
  ['/my-ratings', 'Uma obra-prima do começo ao fim.'],
  ['/settings?tab=data', 'Exportar Dados'],
  ['/anime/20', 'Uma obra-prima do começo ao fim.'],
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    for (const { path, content, en } of DATA_PAGES) {
      for (const locale of en ? (['pt', 'en'] as const) : (['pt'] as const)) {
        test(`${path} (${locale})`, async ({ page }) => {
          await prepare(page, theme, locale);
          await visit(page, path, content, theme, locale);
        });
      }
    }

    for (const { path, content } of LOCAL_PAGES) {
      test(`${path}, nothing stored`, async ({ page }) => {
        await prepare(page, theme);
        await visit(page, path, content, theme, 'pt');
      });
    }

    for (const [path, text] of SEEDED_PAGES) {
      test(`${path} with entries and ratings`, async ({ page }) => {
        await prepare(page, theme, 'pt', SEED);
        await visit(page, path, (page) => page.getByText(text), theme, 'pt');
      });
    }

    test('/anime/20/edit with a rating', async ({ page }) => {
      await prepare(page, theme, 'pt', SEED);
      await page.goto('/anime/20/edit');
      await expect(page.getByRole('textbox')).toHaveValue('Uma obra-prima do começo ao fim.');
      await settle(page, page.getByRole('textbox'), theme, 'pt');
      await scan(page, '/anime/20/edit (rated)');
    });

    test('open: the lists disclosure', async ({ page }) => {
      await prepare(page, theme);
      await visit(page, '/explore', cards, theme, 'pt');
      const lists = page.getByRole('button', { name: 'Minhas Listas' });
      await lists.click();
      await expect(lists).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'Assistindo' }).first()).toBeVisible();
      await scan(page, 'lists disclosure open');
    });

    test('open: search suggestions', async ({ page }) => {
      await prepare(page, theme);
      await visit(page, '/explore', cards, theme, 'pt');
      await page.getByRole('combobox').first().fill('naru');
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option').first()).toBeVisible();
      await scan(page, 'search suggestions open');
    });

    test('open: the notifications panel', async ({ page }) => {
      await prepare(page, theme);
      await visit(page, '/explore', cards, theme, 'pt');
      await page
        .getByRole('button', { name: /^Notificações/ })
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: 'Notificações' });
      await settle(page, panel, theme, 'pt');
      await scan(page, 'notifications panel open');
    });

    test('open: the review-image dialog', async ({ page }) => {
      // Drawing the image (html2canvas) takes seconds on a busy 2-core machine.
      test.slow();
      await prepare(page, theme, 'pt', SEED);
      await visit(page, '/anime/20', (page) => page.getByTestId('synopsis'), theme, 'pt');
      await page.getByRole('button', { name: 'Criar Imagem para Compartilhar' }).click();
      const share = page.getByRole('dialog', { name: 'Compartilhar Avaliação' });
      await expect(share.getByRole('img', { name: 'Prévia da imagem da avaliação' })).toBeVisible({
        timeout: 60_000,
      });
      await settle(page, share.getByRole('img', { name: 'Prévia da imagem da avaliação' }), theme, 'pt');
      await scan(page, 'share dialog open');
    });

    test('open: the clear-all alert', async ({ page }) => {
      await prepare(page, theme, 'pt', SEED);
      await visit(page, '/settings?tab=data', (page) => page.getByText('Exportar Dados'), theme, 'pt');
      await page.getByRole('button', { name: 'Limpar Todos os Dados' }).click();
      await settle(page, page.getByRole('alertdialog'), theme, 'pt');
      await scan(page, 'clear-all alert open');
    });

    test('phone width: a detail page and the menu open', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await prepare(page, theme);
      await visit(page, '/anime/20', (page) => page.getByTestId('synopsis'), theme, 'pt');
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      const menu = page.getByRole('dialog');
      await settle(page, menu.getByRole('link', { name: 'Explorar' }), theme, 'pt');
      await scan(page, 'mobile menu open');
    });
  });
}

/**
 * Two rules checked on their own, since the second is one axe keeps out of its default run (it is
 * marked experimental) while Lighthouse applies it: text contrast, and a visible label being part
 * of the control's accessible name. Every kind of page, in both themes and both languages.
 */
const NAME_AND_CONTRAST_PAGES: { path: string; content: (page: Page) => Locator; seed?: Seed }[] = [
  { path: '/', content: (page) => page.locator('main section a[href^="/anime/"]') },
  { path: '/explore?tab=top&view=grid', content: cards },
  { path: '/explore?tab=top&view=list', content: cards },
  { path: '/search?q=naruto', content: cards },
  { path: '/anime/20', content: (page) => page.getByTestId('synopsis') },
  { path: '/anime/1', content: (page) => page.getByTestId('synopsis') },
  { path: '/anime/20', content: (page) => page.getByText('Uma obra-prima do começo ao fim.'), seed: SEED },
  { path: '/anime/20/edit', content: (page) => page.getByRole('textbox') },
  { path: '/my-ratings', content: (page) => page.getByText('Uma obra-prima do começo ao fim.'), seed: SEED },
  { path: '/watching', content: (page) => page.getByText('One Piece'), seed: SEED },
  { path: '/settings?tab=general', content: (page) => page.getByRole('tabpanel') },
];

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['pt', 'en'] as const) {
    test(`color-contrast and label-content-name-mismatch, ${theme} theme (${locale})`, async ({ page }) => {
      test.slow();
      for (const { path, content, seed } of NAME_AND_CONTRAST_PAGES) {
        await prepare(page, theme, locale, seed);
        await page.goto(path);
        await settle(page, content(page), theme, locale);
        const results = await new AxeBuilder({ page })
          .withRules(['color-contrast', 'label-content-name-mismatch'])
          .analyze();
        const found = results.violations.flatMap((violation) =>
          violation.nodes.map(
            (node) => `${path}: ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary}`,
          ),
        );
        expect.soft(found, `${path} [${theme}, ${locale}${seed ? ', with data' : ''}]`).toEqual([]);
      }
    });
  }
}

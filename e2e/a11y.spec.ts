import axe from 'axe-core';
import type { Locator, Page } from '@playwright/test';
import { ID_ADULT } from './fake-upstream/fixtures.mjs';
import { snapshot, type Seed } from './personal/seed';
// Aliased: a Playwright helper, not a React hook (the hooks lint rule goes by the name).
import { expect, test, useLanguage as setLanguageCookie } from './support';

/**
 * Accessibility: axe-core on every route and on the open states that matter, in both
 * themes, in Portuguese and (for the pages whose text differs most) in English. WCAG 2.1 A/AA plus
 * axe's best practices, and `label-content-name-mismatch` (a visible label is part of the
 * control's name: axe keeps it out of its default run as experimental, Lighthouse applies it); no
 * rule is switched off. Each scan waits for the page to be hydrated and its content in
 * (conditions, never the clock), so what is scanned is what a visitor sees.
 *
 * One visit scans a page in both themes: the app follows the system's colour scheme live while
 * nothing is stored, so the visit loads in one theme, is scanned, the system switches, and it is
 * scanned again; visits alternate which theme they load in, so both are also checked as loaded.
 * The states a visitor opens on a page (a disclosure, a dialog) are scanned in the same visit, in
 * both themes. axe is injected once per document and run in the page.
 */

const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only violations are read: axe then skips collecting the details of what passed.
  resultTypes: ['violations'],
};
type Theme = 'light' | 'dark';

declare global {
  interface Window {
    axe: typeof axe;
  }
}
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
 * One browser context per test: its language cookie, the system's colour scheme, and an init
 * script that gives every document this test loads the same storage, `seed` or nothing, as a
 * fresh visitor with that data would have (an earlier visit of the test leaves nothing behind).
 */
async function prepare(page: Page, theme: Theme, locale: Locale, seed: Seed = {}) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'no-preference' });
  await setLanguageCookie(page, locale);
  await page.addInitScript((entries) => {
    // Only a page's own document: a frame it makes (html2canvas draws in a clone of the page)
    // shares its storage.
    if (window !== window.top) return;
    try {
      localStorage.clear();
      sessionStorage.clear();
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
    } catch {
      // A document without storage (about:blank) has nothing to seed.
    }
  }, seed);
}

/**
 * Waits until the page is what a visitor sees: the right language and theme, React hydrated (the
 * language switcher mirrors the cookie into localStorage from an effect), nothing marked busy,
 * `content` visible, fonts loaded and every finite animation (fades, slides, the theme's colour
 * transitions) finished.
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

/** Runs axe on the whole document (every frame) and fails softly with a readable list of what it found. */
async function scan(page: Page, label: string) {
  for (const frame of page.frames()) {
    // Once per document: a navigation starts a new one without axe.
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  const violations = await page.evaluate(async (options) => {
    const results = await window.axe.run(document, options);
    return results.violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
      ),
    );
  }, RUN_OPTIONS);
  // Soft: one run lists the violations of every page and state of a test, not only the first one's.
  expect.soft(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * A state a visitor opens on a page: `open` opens it and returns what shows it is in; `close`, when
 * given, leaves the page as it was for the next state.
 */
type State = { label: string; open: (page: Page) => Promise<Locator>; close?: (page: Page) => Promise<void> };

type Visit = {
  path: string;
  content: (page: Page) => Locator;
  /** What must be true of the page before it is scanned, beyond `content` being visible. */
  ready?: (page: Page) => Promise<void>;
  /** Opened one after the other, in this order, after the page itself is scanned. */
  states?: State[];
};

const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

/** Scans what is on screen in `theme`, then switches the system to the other theme and scans again. */
async function scanBothThemes(page: Page, content: Locator, theme: Theme, locale: Locale, label: string) {
  await settle(page, content, theme, locale);
  await scan(page, `${label} [${theme}, ${locale}]`);
  await page.emulateMedia({ colorScheme: other(theme) });
  await settle(page, content, other(theme), locale);
  await scan(page, `${label} [${other(theme)}, ${locale}]`);
  return other(theme);
}

/**
 * Visits each page in turn in one tab, each in both themes with its states: even visits load in
 * the light theme, odd ones in the dark.
 */
async function visitAll(page: Page, locale: Locale, seed: Seed | undefined, visits: Visit[]) {
  test.setTimeout(
    30_000 + visits.reduce((sum, visit) => sum + 30_000 * (1 + (visit.states?.length ?? 0)), 0),
  );
  await prepare(page, 'light', locale, seed);
  for (const [index, { path, content, ready, states = [] }] of visits.entries()) {
    const label = `${path}${seed ? ' (with data)' : ''}`;
    let theme: Theme = index % 2 === 0 ? 'light' : 'dark';
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(path);
    await ready?.(page);
    theme = await scanBothThemes(page, content(page), theme, locale, label);
    for (const state of states) {
      const shown = await state.open(page);
      theme = await scanBothThemes(page, shown, theme, locale, `${label}, ${state.label}`);
      await state.close?.(page);
    }
  }
}

const main = (page: Page) => page.locator('main');
const cards = (page: Page) => page.locator('main a[href^="/anime/"]');
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const synopsis = (page: Page) => page.getByTestId('synopsis');
const text = (value: string) => (page: Page) => page.getByText(value);
const tabpanel = (page: Page) => page.getByRole('tabpanel');
const OPINION = 'Uma obra-prima do começo ao fim.';

/** Public pages whose content comes from the (fake) anime database. */
const HOME: Visit = { path: '/', content: (page) => page.locator('main section a[href^="/anime/"]') };
const EXPLORE_TOP_GRID: Visit = { path: '/explore?tab=top&view=grid', content: cards };
const EXPLORE_TOP_LIST: Visit = { path: '/explore?tab=top&view=list', content: cards };
const SEARCH_START: Visit = {
  path: '/search',
  content: (page) => page.locator('main a[href^="/search?q="]'),
};
const SEARCH: Visit = { path: '/search?q=naruto', content: cards };
const SCHEDULE: Visit = { path: '/schedule', content: (page) => page.getByTestId('schedule-entry').first() };
const NARUTO: Visit = { path: '/anime/20', content: synopsis };
const BEBOP: Visit = { path: '/anime/1', content: synopsis };
const UNKNOWN_ANIME: Visit = { path: '/anime/999999', content: heading(/.+/) };
const EDIT: Visit = { path: '/anime/20/edit', content: (page) => page.getByRole('textbox') };
const SETTINGS = (tab: string): Visit => ({ path: `/settings?tab=${tab}`, content: tabpanel });

test.describe('axe, both themes, Portuguese', () => {
  test('home, explore and search pages', async ({ page }) => {
    await visitAll(page, 'pt', undefined, [
      HOME,
      EXPLORE_TOP_GRID,
      { path: '/explore?tab=seasonal&view=grid', content: cards },
      { path: '/explore?tab=popular&view=grid', content: cards },
      EXPLORE_TOP_LIST,
      SEARCH_START,
      SEARCH,
      { path: '/search?q=naruto&view=list&sort=score', content: cards },
      {
        path: '/search?q=zzz-no-such-anime',
        content: (page) => page.getByRole('link', { name: /Explorar animes|Explore anime/i }),
      },
    ]);
  });

  test('the schedule and anime pages: known, adult and unknown ids', async ({ page }) => {
    await visitAll(page, 'pt', undefined, [
      SCHEDULE,
      NARUTO,
      BEBOP,
      { path: `/anime/${ID_ADULT}`, content: heading(/.+/) },
      UNKNOWN_ANIME,
    ]);
  });

  test('the rating page, lists and pages of their own, nothing stored', async ({ page }) => {
    await visitAll(page, 'pt', undefined, [
      EDIT,
      ...['/plan-to-watch', '/watching', '/completed', '/dropped', '/on-hold', '/my-ratings'].map((path) => ({
        path,
        content: main,
      })),
      { path: '/test', content: heading(/.+/) },
      { path: '/isto-nao-existe', content: heading(/.+/) },
    ]);
  });

  test('every settings tab, nothing stored', async ({ page }) => {
    await visitAll(
      page,
      'pt',
      undefined,
      ['general', 'appearance', 'language', 'notifications', 'privacy', 'data', 'account'].map(SETTINGS),
    );
  });

  test('open on /explore: the lists disclosure, the notifications panel, search suggestions', async ({
    page,
  }) => {
    await visitAll(page, 'pt', undefined, [
      {
        path: '/explore',
        content: cards,
        states: [
          {
            label: 'lists disclosure open',
            open: async (page) => {
              const lists = page.getByRole('button', { name: 'Minhas Listas' });
              await lists.click();
              await expect(lists).toHaveAttribute('aria-expanded', 'true');
              return page.getByRole('link', { name: 'Assistindo' });
            },
            close: async (page) => {
              const lists = page.getByRole('button', { name: 'Minhas Listas' });
              await lists.click();
              await expect(lists).toHaveAttribute('aria-expanded', 'false');
            },
          },
          {
            label: 'notifications panel open',
            open: async (page) => {
              await page
                .getByRole('button', { name: /^Notificações/ })
                .first()
                .click();
              return page.getByRole('dialog', { name: 'Notificações' });
            },
            close: async (page) => {
              await page.keyboard.press('Escape');
              await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeHidden();
            },
          },
          {
            label: 'search suggestions open',
            open: async (page) => {
              await page.getByRole('combobox').first().fill('naru');
              await expect(page.getByRole('listbox')).toBeVisible();
              return page.getByRole('option');
            },
          },
        ],
      },
    ]);
  });

  test('lists and ratings with entries', async ({ page }) => {
    await visitAll(page, 'pt', SEED, [
      { path: '/plan-to-watch', content: text('Death Note') },
      { path: '/watching', content: text('One Piece') },
      { path: '/completed', content: text('Cowboy Bebop') },
      { path: '/dropped', content: text('Monster') },
      { path: '/on-hold', content: text('Fullmetal Alchemist: Brotherhood') },
      { path: '/my-ratings', content: text(OPINION) },
    ]);
  });

  test('with a rating: the rating page, the data tab and its clear-all alert, the review-image dialog', async ({
    page,
  }) => {
    await visitAll(page, 'pt', SEED, [
      {
        ...EDIT,
        ready: (page) => expect(page.getByRole('textbox')).toHaveValue(OPINION),
      },
      {
        path: '/settings?tab=data',
        content: text('Exportar Dados'),
        states: [
          {
            label: 'clear-all alert open',
            open: async (page) => {
              await page.getByRole('button', { name: 'Limpar Todos os Dados' }).click();
              return page.getByRole('alertdialog');
            },
          },
        ],
      },
      {
        path: '/anime/20',
        content: text(OPINION),
        states: [
          {
            label: 'review-image dialog open',
            open: async (page) => {
              await page.getByRole('button', { name: 'Criar Imagem para Compartilhar' }).click();
              const preview = page
                .getByRole('dialog', { name: 'Compartilhar Avaliação' })
                .getByRole('img', { name: 'Prévia da imagem da avaliação' });
              // Drawing the image (html2canvas) takes seconds on a busy 2-core machine.
              await expect(preview).toBeVisible({ timeout: 60_000 });
              return preview;
            },
          },
        ],
      },
    ]);
  });

  test('phone width: a detail page and the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visitAll(page, 'pt', undefined, [
      {
        ...NARUTO,
        states: [
          {
            label: 'mobile menu open',
            open: async (page) => {
              await page.getByRole('button', { name: 'Abrir menu' }).click();
              return page.getByRole('dialog').getByRole('link', { name: 'Explorar' });
            },
          },
        ],
      },
    ]);
  });
});

test.describe('axe, both themes, English', () => {
  test('home, explore, search and schedule', async ({ page }) => {
    await visitAll(page, 'en', undefined, [
      HOME,
      EXPLORE_TOP_GRID,
      EXPLORE_TOP_LIST,
      SEARCH_START,
      SEARCH,
      SCHEDULE,
    ]);
  });

  test('anime pages, known and unknown, the rating page and the general settings', async ({ page }) => {
    await visitAll(page, 'en', undefined, [NARUTO, BEBOP, UNKNOWN_ANIME, EDIT, SETTINGS('general')]);
  });

  test('with entries and ratings: a rated anime, ratings, a list', async ({ page }) => {
    await visitAll(page, 'en', SEED, [
      { path: '/anime/20', content: text(OPINION) },
      { path: '/my-ratings', content: text(OPINION) },
      { path: '/watching', content: text('One Piece') },
    ]);
  });
});

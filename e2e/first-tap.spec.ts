import type { Browser, Page } from '@playwright/test';
import { ID_ADULT, ID_NARUTO } from './fake-upstream/fixtures.mjs';
import { expect, test } from './support';

/**
 * No tap is lost. A new visitor taps a control the moment the page has loaded (the window's load
 * event, nothing else waited for). A control that needs the app is disabled until it can act, so
 * the tap lands when it works (Playwright's click waits for an enabled control, as a person waits
 * for a control that looks ready); it must then take effect, every time. Ten fresh visits each:
 * an empty cache and storage, as a first visit is.
 */

const VISITS = 10;

/**
 * `visits` fresh visits of `path`, each then handed to `check`. With `tapOnEnable` (a selector) the
 * page itself taps that control the moment it is enabled (tapWhenEnabled) and the visit starts at
 * once; without it the visit starts at the window's load.
 */
async function freshVisits(
  browser: Browser,
  path: string,
  check: (page: Page) => Promise<void>,
  { visits = VISITS, colorScheme = 'light', tapOnEnable }: FreshVisitOptions = {},
) {
  const baseURL = test.info().project.use.baseURL;
  for (let visit = 0; visit < visits; visit += 1) {
    const context = await browser.newContext({ baseURL, locale: 'pt-BR', colorScheme });
    try {
      const page = await context.newPage();
      if (tapOnEnable) await page.addInitScript(tapWhenEnabled, tapOnEnable);
      await page.goto(path, { waitUntil: tapOnEnable ? 'commit' : 'load' });
      await test.step(`visit ${visit + 1}`, () => check(page));
    } finally {
      await context.close();
    }
  }
}

interface FreshVisitOptions {
  visits?: number;
  colorScheme?: 'light' | 'dark';
  tapOnEnable?: string;
}

/**
 * Taps the control matching `selector` in the very task that enables it, before anything else the
 * page then runs (Playwright's own click waits for two animation frames first).
 */
function tapWhenEnabled(selector: string) {
  new MutationObserver((_, observer) => {
    const control = document.querySelector<HTMLButtonElement>(selector);
    if (!control || control.disabled) return;
    observer.disconnect();
    control.click();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}

test.describe('the first tap after load takes effect', () => {
  test.describe.configure({ timeout: 240_000 });

  test("'Verificar Acesso' opens the adult-content notice", async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_ADULT}`, async (page) => {
      await page.getByRole('button', { name: 'Verificar Acesso' }).click();
      await expect(page.getByRole('dialog', { name: 'Conteúdo Adulto' })).toBeVisible();
    });
  });

  test('a star sets the rating', async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_NARUTO}`, async (page) => {
      const block = page.getByTestId('rating-block');
      const star = block.getByRole('radio', { name: '4 estrelas' });
      // What a person taps: the star drawn for the (visually hidden) radio.
      await block.locator('label', { has: page.getByRole('radio', { name: '4 estrelas' }) }).click();
      await expect(star).toBeChecked();
      await expect(block).toContainText('4/5');
    });
  });

  test('a list button puts the anime on that list', async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_NARUTO}`, async (page) => {
      const watching = page.getByTestId('watch-list').getByRole('button', { name: 'Assistindo' });
      await watching.click();
      await expect(watching).toHaveAttribute('aria-pressed', 'true');
    });
  });

  test('the theme toggle switches the theme', async ({ browser }) => {
    await freshVisits(browser, '/', async (page) => {
      await page.getByRole('button', { name: 'Alternar tema' }).click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    });
  });

  // On a detail page the header's controls work before the deferred render of the visitor's own
  // sections (rating, lists, episodes): the tap lands in that render's window.
  test('the theme toggle switches the theme on a detail page', async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_NARUTO}`, async (page) => {
      await page.getByRole('button', { name: 'Alternar tema' }).click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    });
  });

  test("'Minhas Listas' opens its menu on a detail page", async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_NARUTO}`, async (page) => {
      const button = page.getByRole('banner').getByRole('button', { name: 'Minhas Listas' });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Completados' })).toBeVisible();
    });
  });

  test('the language switch shows the page in English', async ({ browser }) => {
    await freshVisits(browser, '/explore', async (page) => {
      await page.getByRole('button', { name: 'Mudar idioma para English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'Switch language to Português' })).toBeVisible();
    });
  });

  test("'Copiar link' copies the page's address", async ({ browser }) => {
    await freshVisits(browser, `/anime/${ID_NARUTO}`, async (page) => {
      await page.getByTestId('share-panel').getByRole('button', { name: 'Copiar link' }).click();
      await expect(page.getByText('Link copiado!')).toBeVisible();
    });
  });
});

/**
 * A control is enabled in the commit of its own hydration, before the page-wide hydrated flag and
 * the stores' first render: a tap at that very moment must act on what the page shows. Five fresh
 * visits each, the page tapping the control the moment it is enabled.
 */
test.describe('a tap the moment a control is enabled takes effect', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the theme toggle on a dark device switches to light', async ({ browser }) => {
    await freshVisits(
      browser,
      '/',
      async (page) => {
        await expect(page.locator('html')).toHaveClass(/\blight\b/);
        await expect(page.getByRole('button', { name: 'Alternar tema' })).toHaveAttribute(
          'title',
          'Mudar para o tema escuro',
        );
      },
      { visits: 5, colorScheme: 'dark', tapOnEnable: '[data-testid="theme-toggle"]' },
    );
  });

  test("'Minhas Listas' opens its menu on a detail page", async ({ browser }) => {
    await freshVisits(
      browser,
      `/anime/${ID_NARUTO}`,
      async (page) => {
        const button = page.getByRole('banner').getByRole('button', { name: 'Minhas Listas' });
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByRole('banner').getByRole('link', { name: 'Completados' })).toBeVisible();
      },
      { visits: 5, tapOnEnable: 'header button[aria-controls]' },
    );
  });

  test('the language switch shows the page in English', async ({ browser }) => {
    await freshVisits(
      browser,
      '/explore',
      async (page) => {
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('button', { name: 'Switch language to Português' })).toBeEnabled();
      },
      { visits: 5, tapOnEnable: 'header button[lang="en"]' },
    );
  });
});

/**
 * A page's own content hydrates after the header (docs/decisions/page-after-header.md): a tap on a
 * card in the moment the header works and the content has not hydrated yet must still open the
 * detail page through the app (React hydrates the content for the tap), not by loading a document.
 */
test.describe('a tap on the content before it has hydrated', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Clicks the first card's link in the very task that enables the header's theme toggle. */
  function tapCardWhenHeaderWorks() {
    new MutationObserver((_, observer) => {
      const toggle = document.querySelector<HTMLButtonElement>('[data-testid="theme-toggle"]');
      const card = document.querySelector<HTMLAnchorElement>(
        'main [data-testid="anime-card"] a[href^="/anime/"]',
      );
      if (!toggle || toggle.disabled || !card) return;
      observer.disconnect();
      sessionStorage.setItem('tapped', card.getAttribute('href') ?? '');
      // Whether React had hydrated the card when it was tapped (its props are on the element then);
      // the toggle, hydrated by then, shows the mark is still React's.
      const hydrated = (element: Element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps'));
      sessionStorage.setItem('hydrated', `${hydrated(toggle)} ${hydrated(card)}`);
      card.click();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  }

  test('a home card opens its detail page without loading a document', async ({ browser }) => {
    const baseURL = test.info().project.use.baseURL;
    for (let visit = 0; visit < 5; visit += 1) {
      const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
      try {
        const page = await context.newPage();
        let documents = 0;
        page.on('request', (request) => {
          if (request.frame() === page.mainFrame() && request.resourceType() === 'document') documents += 1;
        });
        await page.addInitScript(tapCardWhenHeaderWorks);
        await page.goto('/', { waitUntil: 'commit' });
        await test.step(`visit ${visit + 1}`, async () => {
          await expect(page).toHaveURL(/\/anime\/\d+$/);
          const tapped = await page.evaluate(() => sessionStorage.getItem('tapped'));
          expect(new URL(page.url()).pathname).toBe(tapped);
          // The tap came before the content's hydration: what this test is about.
          expect(await page.evaluate(() => sessionStorage.getItem('hydrated'))).toBe('true false');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          expect(documents).toBe(1);
        });
      } finally {
        await context.close();
      }
    }
  });
});

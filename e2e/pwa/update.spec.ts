import type { Page } from '@playwright/test';
import { expect, test } from '../support';
import { startDeployableApp, type DeployableApp } from './deployable-app';

/**
 * A new version of the app: its worker waits until the visitor presses 'Atualizar' in the toast,
 * then takes over and the page reloads, but never while the visitor is writing. A new version is
 * deployed as a build deploys one: a server of this build with a public/ folder of its own gets a
 * new public/sw.js (the served one with one more line, which is what a new build is to a
 * browser), and the page's registration checks for it.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let app: DeployableApp;
let version = 0;
test.beforeEach(async () => {
  test.setTimeout(150_000);
  app = await startDeployableApp();
});
test.afterEach(async () => {
  await app?.close();
});

async function withWorker(page: Page, path: string) {
  await page.goto(`${app.url}${path}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** Deploys a next version of the worker and has the page's registration find it. */
async function deployNextVersion(page: Page) {
  version += 1;
  app.deployWorker(`// version ${version}`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** A mark on the window that a reload wipes. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __beforeUpdate: true }));
}
const pageWasReloaded = (page: Page) =>
  page
    .evaluate(() => !(window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate)
    // Asked while the reload is under way: not reloaded yet.
    .catch(() => false);
/** The switch waits for the worker in control to finish what it is doing: seconds on a busy machine. */
const SWITCH_TIMEOUT = { timeout: 30_000 };

const updateToast = (page: Page) =>
  page.locator('[data-sonner-toast]').filter({ hasText: 'Nova versão disponível' });

/** Presses 'Atualizar': the page reloads, the worker that was waiting is in control, none waits. */
async function updateAndSwitch(page: Page) {
  await updateToast(page).getByRole('button', { name: 'Atualizar' }).click();
  await expect.poll(() => pageWasReloaded(page), SWITCH_TIMEOUT).toBe(true);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(found?.waiting), controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ waiting: false, controlled: true });
}

test('a new version is offered in a toast, and "Atualizar" switches to it and reloads', async ({ page }) => {
  await withWorker(page, '/');
  await markPage(page);
  await deployNextVersion(page);

  await expect(updateToast(page)).toBeVisible();
  expect(await pageWasReloaded(page)).toBe(false);
  await updateAndSwitch(page);
  await expect(updateToast(page)).toHaveCount(0);
});

test('an offline kit under way does not hold the update back', async ({ page, context }) => {
  // The kit's page requests (the worker's, marked as a background job's) get no answer: a slow
  // network. A worker with work under way is only replaced once that work ends.
  let kitUnderWay: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (kitUnderWay = resolve));
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (request.serviceWorker() && request.headers()['x-request-priority'] === 'background') {
      kitUnderWay();
      return; // never answered
    }
    await route.fallback();
  });
  await withWorker(page, '/');
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: 'PREPARE_OFFLINE', loaded: [] }),
  );
  await held;
  await markPage(page);
  await deployNextVersion(page);

  await updateAndSwitch(page);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the update waits while the visitor is writing, and reloads once the text is gone', async ({ page }) => {
  await withWorker(page, '/anime/20');
  const opinion = page.getByTestId('rating-block').getByRole('textbox', { name: 'Sua opinião' });
  await opinion.fill('Uma opinião ainda não salva');
  await markPage(page);
  await deployNextVersion(page);

  const toast = updateToast(page);
  await toast.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('A página será atualizada quando você terminar de escrever.')).toBeVisible();
  // The new worker has taken over; the page and the text are still there.
  await expect
    .poll(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      SWITCH_TIMEOUT,
    )
    .toBeNull();
  expect(await pageWasReloaded(page)).toBe(false);
  await expect(opinion).toHaveValue('Uma opinião ainda não salva');

  await opinion.fill('');
  await opinion.blur();
  await expect.poll(() => pageWasReloaded(page), SWITCH_TIMEOUT).toBe(true);
});

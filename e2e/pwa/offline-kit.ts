import type { Page } from '@playwright/test';
import { expect } from '../support';

/** The offline kit's pages (lib/pwa/cache-policy.ts OFFLINE_KIT_PAGES), as paths. */
export const KIT_PAGES = [
  '/watching',
  '/completed',
  '/plan-to-watch',
  '/on-hold',
  '/dropped',
  '/my-ratings',
  '/settings',
  '/offline',
];

/** Every URL held in the worker's caches, cache by cache. */
export async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => request.url);
    }
    return all;
  });
}

/** The kit's pages the worker keeps, as sorted paths. */
export async function keptKitPages(page: Page): Promise<string[]> {
  const kept = new Set(
    Object.values(await cachedUrls(page))
      .flat()
      .map((url) => new URL(url).pathname),
  );
  return KIT_PAGES.filter((path) => kept.has(path)).sort();
}

/**
 * Opens `path` and waits until the worker controls the page and has kept the offline kit: its
 * pages arrive on their own once the page is idle (this link is fast), and a last ask with a port
 * answers once their build files are kept too (the worker fetches only what is missing). What a
 * fan's device holds after a first visit left open for a moment.
 */
export async function withOfflineKit(page: Page, path = '/') {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  await expect.poll(() => keptKitPages(page), { timeout: 30_000 }).toEqual([...KIT_PAGES].sort());
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        navigator.serviceWorker.controller?.postMessage({ type: 'PREPARE_OFFLINE', loaded: [] }, [
          channel.port2,
        ]);
      }),
  );
}

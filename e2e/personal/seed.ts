import type { Page } from '@playwright/test';
import { FAKE_URL } from '../support';

/** localStorage contents to start a test with (values are JSON-encoded unless already strings). */
export type Seed = Record<string, unknown>;

/**
 * Writes `seed` into the app's localStorage, as the original app or an earlier visit would have
 * left it, then leaves the page on `path`. Seeding happens once (not on every reload).
 */
export async function seedStorage(page: Page, seed: Seed, path: string): Promise<void> {
  await page.goto('/not-a-page-seed');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }, seed);
  await page.goto(path);
}

export async function readStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const all: Record<string, string> = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index) as string;
      all[key] = localStorage.getItem(key) as string;
    }
    return all;
  });
}

export function snapshot(title: string, options: { episodes?: number | null; coverId?: number } = {}) {
  return {
    title,
    titleEnglish: null,
    image: options.coverId ? `${FAKE_URL}/images/cover/${options.coverId}l.png` : null,
    type: 'TV',
    episodes: options.episodes ?? 12,
    score: 8.1,
    takenAt: new Date().toISOString(),
  };
}

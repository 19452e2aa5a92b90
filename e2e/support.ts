import { test as base, expect, type Page } from '@playwright/test';

/** Base URL of the fake upstream started by playwright.config.ts. */
export const FAKE_URL = `http://127.0.0.1:${process.env.E2E_FAKE_PORT ?? 4610}`;

type FaultOptions = {
  service: 'jikan' | 'streaming' | 'translate' | 'images' | 'anilist' | 'kitsu' | 'all';
  mode: '429' | '500' | '502' | '503' | '504' | 'slow' | 'hang' | 'malformed' | 'none';
  match?: string;
  retryAfter?: number | null;
  delayMs?: number;
  times?: number;
};

type Call = {
  service: string;
  method: string;
  path: string;
  query: Record<string, string>;
  url: string;
  time: number;
};

/** Drives the fake upstream's control API (faults and the call log). */
export const fake = {
  async setFault(options: FaultOptions): Promise<string> {
    const response = await fetch(`${FAKE_URL}/__control/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options),
    });
    const body = (await response.json()) as { id: string };
    return body.id;
  },
  async clearFault(id: string): Promise<void> {
    await fetch(`${FAKE_URL}/__control/fault/${id}`, { method: 'DELETE' });
  },
  async calls(filter: { service?: string; match?: string; since?: number } = {}): Promise<Call[]> {
    const params = new URLSearchParams();
    if (filter.service) params.set('service', filter.service);
    if (filter.match) params.set('match', filter.match);
    if (filter.since) params.set('since', String(filter.since));
    const response = await fetch(`${FAKE_URL}/__control/calls?${params.toString()}`);
    return ((await response.json()) as { calls: Call[] }).calls;
  },
};

/** Sets the interface language the way the app does (cookie), before the first navigation. */
export async function useLanguage(page: Page, locale: 'pt' | 'en'): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3610');
  // A host-only cookie at '/', like the one the page writes (the language switcher mirrors it):
  // setting it replaces the page's in one step. Clearing first would leave a moment with no cookie,
  // in which a page still hydrating writes its own language back.
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: locale, url: `${url.origin}/` }]);
}

/** Holds back the page's requests matching `url` (a glob) until the returned function is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** `text` in a new mix of upper and lower case each call: a search no earlier run has cached. */
export function randomCase(text: string): string {
  return Array.from(text, (char) => (Math.random() < 0.5 ? char.toUpperCase() : char.toLowerCase())).join('');
}

export const test = base;
export { expect };

import { expect, test } from '@playwright/test';
import { startPrivateStack, type PrivateStack } from './discovery/private-stack';

/**
 * The app is Next's own server, and works bound to one address (`next start -H 127.0.0.1`, as
 * behind a proxy on the same machine): the language rewrite of proxy.ts stays inside the server
 * instead of being sent over the network to another host name.
 */

let stack: PrivateStack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The private stack runs `next start -p <port> -H 127.0.0.1`.
  stack = await startPrivateStack();
});
test.afterAll(async () => stack?.close());

/** A GET that must be answered well before a proxied rewrite would have given up (30 s). */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.appUrl}${path}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });

test('every page answers, in both languages, from a server bound to 127.0.0.1', async () => {
  for (const path of ['/', '/explore', '/search?q=naruto', '/anime/20', '/settings']) {
    const pt = await get(path);
    expect(pt.status, path).toBe(200);
    expect(await pt.text(), path).toContain('lang="pt-BR"');
    const en = await get(path, { Cookie: 'NEXT_LOCALE=en' });
    expect(en.status, path).toBe(200);
    expect(await en.text(), path).toContain('lang="en"');
  }
});

test('a redirect to the well-formed address stays on this server', async () => {
  // An undecodable escape: proxy.ts redirects to the escaped, well-formed path.
  const response = await get('/anime/%FF');
  expect(response.status).toBe(307);
  const location = new URL(response.headers.get('location') ?? '', stack.appUrl);
  expect(location.origin).toBe(stack.appUrl);
  expect(location.pathname).toBe('/anime/%25FF');
});

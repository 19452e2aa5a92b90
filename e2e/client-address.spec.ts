import { expect, test } from '@playwright/test';
import { startPrivateStack, type PrivateStack } from './discovery/private-stack';

/**
 * Who a request comes from, for the per-client budget of cache misses (lib/server/client-budget.ts).
 * The app trusts exactly TRUSTED_PROXY_HOPS proxies: a forged X-Forwarded-For never buys a fresh
 * budget. Each private server gives a client a burst of 5 misses (then one per 10 s): a client
 * sending 8 new searches gets 5 answers and then 429, however it names itself.
 */

const BURST = 5;
const BUDGET = { CLIENT_MISS_BURST: String(BURST), CLIENT_MISS_PER_MINUTE: '6' };

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** 8 searches no one asked before (each would call the anime database), one after another. */
async function eightNewSearches(appUrl: string, forwardedFor: (index: number) => string | null) {
  const statuses: number[] = [];
  for (let index = 0; index < 8; index += 1) {
    const claim = forwardedFor(index);
    const response = await fetch(`${appUrl}/api/anime/search?q=${unique('budget')}`, {
      headers: claim === null ? {} : { 'X-Forwarded-For': claim },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

const expected = [...Array.from({ length: BURST }, () => 200), 429, 429, 429];

test.describe.configure({ mode: 'serial' });

test.describe('the app facing the network (no trusted proxy, as npm start runs it)', () => {
  let stack: PrivateStack;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack(BUDGET);
  });
  test.afterAll(async () => stack?.close());

  test('a client rotating forged X-Forwarded-For addresses is refused at the honest count', async () => {
    const statuses = await eightNewSearches(stack.appUrl, (index) => `203.0.113.${index + 1}`);
    expect(statuses).toEqual(expected);
    // The same client without the forgery is still out of budget: the forgeries were its own misses.
    expect((await eightNewSearches(stack.appUrl, () => null))[0]).toBe(429);
  });
});

test.describe('behind one trusted proxy (TRUSTED_PROXY_HOPS=1, as behind nginx)', () => {
  let stack: PrivateStack;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack({ ...BUDGET, TRUSTED_PROXY_HOPS: '1' });
  });
  test.afterAll(async () => stack?.close());

  test('the address the proxy appended names the client; what the client wrote before it is ignored', async () => {
    // What nginx passes on ($proxy_add_x_forwarded_for): the client's own header, then its address.
    const honest = await eightNewSearches(stack.appUrl, () => '198.51.100.7');
    expect(honest).toEqual(expected);
    const forged = await eightNewSearches(stack.appUrl, (index) => `203.0.113.${index + 1}, 198.51.100.8`);
    expect(forged).toEqual(expected);
    // Another client (another address appended by the proxy) has its own budget.
    expect((await eightNewSearches(stack.appUrl, () => '198.51.100.9'))[0]).toBe(200);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import {
  ClientBudget,
  UNKNOWN_CLIENT,
  chargeClientMiss,
  clientKeyOf,
  resetClientBudgetForTests,
  takeClientMiss,
  withClientBudget,
  withPageMissBudget,
  withoutClientBudget,
} from './client-budget';
import { isAppError } from './errors';

const request = (headers: Record<string, string> = {}) => new Request('http://app.test/api/x', { headers });

describe('clientKeyOf', () => {
  it('with one trusted proxy, takes the address that proxy appended and ignores what the client wrote', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-forwarded-for': ' 6.6.6.6 , 10.9.8.7,203.0.113.9 ' }), 1)).toBe(
      '203.0.113.9',
    );
    expect(clientKeyOf(request({ 'x-forwarded-for': '2001:db8::1' }), 1)).toBe('2001:db8::1');
    // X-Real-IP is whatever the client sent when no proxy wrote it: never read.
    expect(clientKeyOf(request({ 'x-real-ip': '198.51.100.7' }), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientKeyOf(request(), 1)).toBe(UNKNOWN_CLIENT);
  });

  it('with two trusted proxies, takes the second entry from the right', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2' }), 2)).toBe(
      '203.0.113.9',
    );
    // One entry for two proxies: the request went around one of them.
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), 2)).toBe(UNKNOWN_CLIENT);
  });

  it('with no trusted proxy, names every request the same client, whatever it claims', () => {
    const claims = ['203.0.113.9', '198.51.100.1, 198.51.100.2', '2001:db8::1'];
    for (const claim of claims) {
      expect(clientKeyOf(request({ 'x-forwarded-for': claim, 'x-real-ip': claim }), 0)).toBe(UNKNOWN_CLIENT);
    }
  });

  it('ignores an entry that is not an address-like token', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '1.2.3.4, <script>' }), 1)).toBe(UNKNOWN_CLIENT);
    expect(clientKeyOf(request({ 'x-forwarded-for': 'a'.repeat(65) }), 1)).toBe(UNKNOWN_CLIENT);
  });

  it('reads the number of trusted proxies from TRUSTED_PROXY_HOPS (0 unless set)', () => {
    const forged = request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    delete process.env.TRUSTED_PROXY_HOPS;
    resetServerEnvForTests();
    expect(clientKeyOf(forged)).toBe(UNKNOWN_CLIENT);
    process.env.TRUSTED_PROXY_HOPS = '1';
    resetServerEnvForTests();
    expect(clientKeyOf(forged)).toBe('203.0.113.9');
  });
});

describe('ClientBudget', () => {
  const T0 = 1_000_000;

  it('grants a burst, then answers the wait until the next token', () => {
    const budget = new ClientBudget(3, 6); // a token every 10 s
    expect([0, 1, 2].map(() => budget.take('a', T0))).toEqual([0, 0, 0]);
    expect(budget.take('a', T0)).toBe(10_000);
    expect(budget.take('a', T0 + 4000)).toBe(6000);
    expect(budget.take('a', T0 + 10_000)).toBe(0);
    expect(budget.take('a', T0 + 10_000)).toBe(10_000);
  });

  it('keeps clients apart and refills up to the burst only', () => {
    const budget = new ClientBudget(2, 60);
    budget.take('a', T0);
    budget.take('a', T0);
    expect(budget.take('a', T0)).toBeGreaterThan(0);
    expect(budget.take('b', T0)).toBe(0);
    // An hour idle refills two tokens, not sixty.
    const later = T0 + 3_600_000;
    expect([budget.take('a', later), budget.take('a', later), budget.take('a', later) > 0]).toEqual([
      0,
      0,
      true,
    ]);
  });

  it('is off with a zero rate or burst', () => {
    expect(new ClientBudget(0, 10).take('a', T0)).toBe(0);
    const off = new ClientBudget(5, 0);
    for (let i = 0; i < 100; i += 1) expect(off.take('a', T0)).toBe(0);
  });
});

describe('chargeClientMiss', () => {
  afterEach(() => {
    delete process.env.CLIENT_MISS_BURST;
    delete process.env.CLIENT_MISS_PER_MINUTE;
    delete process.env.TRUSTED_PROXY_HOPS;
    resetServerEnvForTests();
    resetClientBudgetForTests();
  });

  function configure(burst: number, perMinute: number, trustedHops = 1) {
    process.env.CLIENT_MISS_BURST = String(burst);
    process.env.CLIENT_MISS_PER_MINUTE = String(perMinute);
    process.env.TRUSTED_PROXY_HOPS = String(trustedHops);
    resetServerEnvForTests();
    resetClientBudgetForTests();
  }

  it('charges the client of the surrounding request and refuses with TOO_MANY_REQUESTS', async () => {
    configure(2, 12);
    const hostile = request({ 'x-forwarded-for': '203.0.113.9' });
    await withClientBudget(hostile, async () => {
      await chargeClientMiss();
      await chargeClientMiss();
    });
    const error = await withClientBudget(hostile, async () => chargeClientMiss()).catch((e: unknown) => e);
    expect(isAppError(error, 'TOO_MANY_REQUESTS')).toBe(true);
    // Two per 10 s: the window reopens 10 s after the first request.
    expect(error).toMatchObject({ retryAfterSeconds: 10 });
    await expect(
      withClientBudget(request({ 'x-forwarded-for': '198.51.100.7' }), async () => chargeClientMiss()),
    ).resolves.toBeUndefined();
  });

  it('gives rotating forged addresses no fresh budget, behind a proxy or without one', async () => {
    for (const trustedHops of [0, 1]) {
      configure(3, 6, trustedHops);
      const outcomes: boolean[] = [];
      for (let i = 0; i < 6; i += 1) {
        // What a proxy would pass on: the client's forged entry, then the address it saw.
        const forged = `203.0.113.${i + 1}`;
        const hops = trustedHops === 0 ? forged : `${forged}, 198.51.100.50`;
        const answer = await withClientBudget(request({ 'x-forwarded-for': hops }), async () =>
          chargeClientMiss(),
        ).then(
          () => true,
          () => false,
        );
        outcomes.push(answer);
      }
      expect(outcomes, `${trustedHops} trusted hops`).toEqual([true, true, true, false, false, false]);
    }
  });

  it('charges nothing outside a request (server pages, background refreshes)', async () => {
    configure(1, 1);
    for (let i = 0; i < 5; i += 1) await chargeClientMiss();
    await withClientBudget(request({ 'x-real-ip': '192.0.2.1' }), async () => {
      for (let i = 0; i < 5; i += 1) await withoutClientBudget(() => chargeClientMiss());
      await chargeClientMiss();
    });
  });

  it('charges the data load of a page to one budget for all visitors, apart from the API clients', async () => {
    configure(1, 1);
    process.env.PAGE_MISS_BURST = '2';
    process.env.PAGE_MISS_PER_MINUTE = '2';
    resetServerEnvForTests();
    resetClientBudgetForTests();
    await withPageMissBudget(() => chargeClientMiss());
    await withPageMissBudget(() => chargeClientMiss());
    const error = await withPageMissBudget(() => chargeClientMiss()).catch((e: unknown) => e);
    expect(isAppError(error, 'TOO_MANY_REQUESTS')).toBe(true);
    // The API client's budget is its own.
    await expect(
      withClientBudget(request({ 'x-forwarded-for': '198.51.100.7' }), () => chargeClientMiss()),
    ).resolves.toBeUndefined();
    delete process.env.PAGE_MISS_BURST;
    delete process.env.PAGE_MISS_PER_MINUTE;
  });

  it('takes the miss of a route from the client of its request, in seconds', async () => {
    configure(1, 6);
    const from = request({ 'x-forwarded-for': '203.0.113.9' });
    expect(await takeClientMiss(from)).toBe(0);
    expect(await takeClientMiss({ headers: from.headers })).toBe(10);
    expect(await takeClientMiss(request({ 'x-forwarded-for': '203.0.113.10' }))).toBe(0);
  });
});

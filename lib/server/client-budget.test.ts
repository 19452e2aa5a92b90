import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import {
  ClientBudget,
  UNKNOWN_CLIENT,
  chargeClientMiss,
  clientKeyOf,
  resetClientBudgetForTests,
  withClientBudget,
  withoutClientBudget,
} from './client-budget';
import { isAppError } from './errors';

const request = (headers: Record<string, string> = {}) => new Request('http://app.test/api/x', { headers });

describe('clientKeyOf', () => {
  it('takes the first X-Forwarded-For hop, then X-Real-IP, then one shared key', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': ' 203.0.113.9 , 10.0.0.1' }))).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-forwarded-for': '2001:db8::1' }))).toBe('2001:db8::1');
    expect(clientKeyOf(request({ 'x-real-ip': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientKeyOf(request())).toBe(UNKNOWN_CLIENT);
  });

  it('ignores a hop that is not an address-like token', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '<script>', 'x-real-ip': '198.51.100.7' }))).toBe(
      '198.51.100.7',
    );
    expect(clientKeyOf(request({ 'x-forwarded-for': 'a'.repeat(65) }))).toBe(UNKNOWN_CLIENT);
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
    resetServerEnvForTests();
    resetClientBudgetForTests();
  });

  function configure(burst: number, perMinute: number) {
    process.env.CLIENT_MISS_BURST = String(burst);
    process.env.CLIENT_MISS_PER_MINUTE = String(perMinute);
    resetServerEnvForTests();
    resetClientBudgetForTests();
  }

  it('charges the client of the surrounding request and refuses with TOO_MANY_REQUESTS', async () => {
    configure(2, 12);
    const hostile = request({ 'x-forwarded-for': '203.0.113.9' });
    await withClientBudget(hostile, async () => {
      chargeClientMiss();
      chargeClientMiss();
    });
    const error = await withClientBudget(hostile, async () => chargeClientMiss()).catch((e: unknown) => e);
    expect(isAppError(error, 'TOO_MANY_REQUESTS')).toBe(true);
    expect(error).toMatchObject({ retryAfterSeconds: 5 });
    await expect(
      withClientBudget(request({ 'x-forwarded-for': '198.51.100.7' }), async () => chargeClientMiss()),
    ).resolves.toBeUndefined();
  });

  it('charges nothing outside a request (server pages, background refreshes)', async () => {
    configure(1, 1);
    for (let i = 0; i < 5; i += 1) chargeClientMiss();
    await withClientBudget(request({ 'x-real-ip': '192.0.2.1' }), async () => {
      for (let i = 0; i < 5; i += 1) withoutClientBudget(() => chargeClientMiss());
      chargeClientMiss();
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import {
  ClientBudget,
  UNKNOWN_CLIENT,
  addressKey,
  chargeClientMiss,
  clientKeyOf,
  withClientBudget,
  withPageMissBudget,
  withoutClientBudget,
} from './client-budget';
import { isAppError } from './errors';
import { freshProcess } from '@/test/support/process';

const request = (headers: Record<string, string> = {}) => new Request('http://app.test/api/x', { headers });

describe('clientKeyOf', () => {
  it('with one trusted proxy, takes the address that proxy appended and ignores what the client wrote', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), 1)).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-forwarded-for': ' 6.6.6.6 , 10.9.8.7,203.0.113.9 ' }), 1)).toBe(
      '203.0.113.9',
    );
    expect(clientKeyOf(request({ 'x-forwarded-for': '2001:db8::1' }), 1)).toBe('2001:db8:0:0::/64');
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
    freshProcess('env');
    expect(clientKeyOf(forged)).toBe(UNKNOWN_CLIENT);
    process.env.TRUSTED_PROXY_HOPS = '1';
    freshProcess('env');
    expect(clientKeyOf(forged)).toBe('203.0.113.9');
  });
});

describe('addressKey', () => {
  it('keys IPv6 addresses by their /64, whatever the interface part and however written', () => {
    const key = '2001:db8:abcd:12::/64';
    for (const address of [
      '2001:db8:abcd:12::1',
      '2001:db8:abcd:12:ffff:ffff:ffff:ffff',
      '2001:0DB8:ABCD:0012:0:0:0:9',
      '2001:db8:abcd:12:1::',
      '2001:db8:abcd:12::1.2.3.4',
    ])
      expect(addressKey(address)).toBe(key);
    expect(addressKey('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4 addresses whole, also written as IPv6, and leaves what is not an address alone', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    for (const odd of ['1::2::3', 'zz::1', '1:2:3:4:5:6:7:8:9', 'unknown-client'])
      expect(addressKey(odd)).toBe(odd);
  });

  it('gives a whole /64 one budget key through clientKeyOf', () => {
    const keys = ['2001:db8:1:2::a', '2001:db8:1:2:dead:beef::1'].map((address) =>
      clientKeyOf(request({ 'x-forwarded-for': address }), 1),
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
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
    freshProcess('env', 'client-budget');
  });

  function configure(burst: number, perMinute: number, trustedHops = 1) {
    process.env.CLIENT_MISS_BURST = String(burst);
    process.env.CLIENT_MISS_PER_MINUTE = String(perMinute);
    process.env.TRUSTED_PROXY_HOPS = String(trustedHops);
    freshProcess('env', 'client-budget');
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
    // A token every 5 s: the next one is back within 5 s.
    expect(error).toMatchObject({ retryAfterSeconds: 5 });
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
    freshProcess('env', 'client-budget');
    const known = () => true;
    await withPageMissBudget(known, () => chargeClientMiss());
    await withPageMissBudget(known, () => chargeClientMiss());
    const error = await withPageMissBudget(known, () => chargeClientMiss()).catch((e: unknown) => e);
    expect(isAppError(error, 'TOO_MANY_REQUESTS')).toBe(true);
    // The API client's budget is its own.
    await expect(
      withClientBudget(request({ 'x-forwarded-for': '198.51.100.7' }), () => chargeClientMiss()),
    ).resolves.toBeUndefined();
    delete process.env.PAGE_MISS_BURST;
    delete process.env.PAGE_MISS_PER_MINUTE;
  });

  it('charges ids nobody knows as an anime to a budget of their own, so they never spend the real ones', async () => {
    configure(1, 1);
    process.env.PAGE_MISS_BURST = '2';
    process.env.PAGE_MISS_PER_MINUTE = '2';
    process.env.UNKNOWN_PAGE_BURST = '1';
    process.env.UNKNOWN_PAGE_PER_MINUTE = '1';
    freshProcess('env', 'client-budget');
    const unknown = () => false;
    await withPageMissBudget(unknown, () => chargeClientMiss());
    for (let i = 0; i < 50; i += 1) {
      const error = await withPageMissBudget(unknown, () => chargeClientMiss()).catch((e: unknown) => e);
      expect(isAppError(error, 'TOO_MANY_REQUESTS')).toBe(true);
    }
    // Real anime still have their whole budget.
    await withPageMissBudget(
      () => true,
      () => chargeClientMiss(),
    );
    await withPageMissBudget(
      () => true,
      () => chargeClientMiss(),
    );
    for (const name of [
      'PAGE_MISS_BURST',
      'PAGE_MISS_PER_MINUTE',
      'UNKNOWN_PAGE_BURST',
      'UNKNOWN_PAGE_PER_MINUTE',
    ])
      delete process.env[name];
  });
});

/**
 * The shared budget (budget-store.ts) against a real redis-server (apt package `redis-server`),
 * started here on 127.0.0.1 with a free port: two budgets on two connections stand for two server
 * instances. Skips, saying why, when redis-server is not installed.
 */
import { describe, expect, it, vi } from 'vitest';
import { connected, describeWithRedis } from '@/test/support/redis-suite';
import { SharedBudget } from './budget-store';

describeWithRedis('shared budget (real redis-server)', (server) => {
  const takeAll = (budgets: SharedBudget[], client: string, count: number) =>
    Array.from({ length: count }, (_, i) => i).reduce<Promise<number[]>>(
      async (done, i) => [...(await done), await budgets[i % budgets.length]!.take(client)],
      Promise.resolve([]),
    );

  it('gives one client one budget across two instances, and each client its own', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const options = { name: `test-${Date.now()}`, burst: 12, perMinute: 12 };
    const instances = [
      new SharedBudget({ ...options, redis: a }),
      new SharedBudget({ ...options, redis: b }),
    ];
    const waits = await takeAll(instances, '203.0.113.9', 16);
    expect(waits.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 0));
    // One token comes back every 5 s: the refusals say how long until the next one, not a minute.
    for (const wait of waits.slice(12)) {
      expect(wait).toBeGreaterThan(4000);
      expect(wait).toBeLessThanOrEqual(5000);
    }
    expect(await instances[1]!.take('198.51.100.7')).toBe(0);
    // The bucket is in Redis, under the budget's name and the client's key, and expires once full.
    const key = `am:budget:${options.name}:203.0.113.9`;
    expect(Number(await a.hget(key, 'tokens'))).toBeLessThan(1);
    expect(await a.pttl(key)).toBeGreaterThan(55_000);
  });

  it('refills: a client who spent the burst gets one request back after one token of time', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    // A token every 200 ms.
    const options = { name: `refill-${Date.now()}`, burst: 3, perMinute: 300 };
    const instances = [
      new SharedBudget({ ...options, redis: a }),
      new SharedBudget({ ...options, redis: b }),
    ];
    const waits = await takeAll(instances, 'client', 4);
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, waits[3]! + 20));
    // One back, on the other instance too, and only one.
    expect(await instances[1]!.take('client')).toBe(0);
    expect(await instances[0]!.take('client')).toBeGreaterThan(0);
  });

  it('counts in memory while Redis is down, loses no request, and shares again once it is back', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const options = { name: `outage-${Date.now()}`, burst: 3, perMinute: 3 };
    const instances = [
      new SharedBudget({ ...options, redis: a }),
      new SharedBudget({ ...options, redis: b }),
    ];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await server.stop();
    await vi.waitFor(() => expect([a.status, b.status]).not.toContain('ready'), { timeout: 5000 });
    // Each instance counts for itself: three each, then refusals, and never an error.
    const down = await takeAll(instances, 'client', 8);
    expect(down.map((wait) => wait === 0)).toEqual([true, true, true, true, true, true, false, false]);
    expect(warn.mock.calls.some(([line]) => String(line).includes('Redis unavailable'))).toBe(true);

    await server.start();
    await Promise.all([connected(a), connected(b)]);
    // Shared again: a new client gets three in all, whichever instance it asks.
    const up = await takeAll(instances, 'another-client', 5);
    expect(up.map((wait) => wait === 0)).toEqual([true, true, true, false, false]);
    warn.mockRestore();
  });

  it('is off with a zero rate or burst, and asks Redis nothing', async () => {
    const a = server.client();
    await connected(a);
    const off = new SharedBudget({ name: `off-${Date.now()}`, burst: 5, perMinute: 0, redis: a });
    for (let i = 0; i < 20; i += 1) expect(await off.take('client')).toBe(0);
    expect(await a.keys('am:budget:off-*')).toEqual([]);
  });
});

describe('shared budget without Redis', () => {
  it('counts in this process, per client', async () => {
    const budget = new SharedBudget({ name: 'memory', burst: 2, perMinute: 4 });
    expect([await budget.take('a'), await budget.take('a'), await budget.take('b')]).toEqual([0, 0, 0]);
    // A token every 15 s.
    const wait = await budget.take('a');
    expect(wait).toBeGreaterThan(14_000);
    expect(wait).toBeLessThanOrEqual(15_000);
  });
});

import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { REDIS_MISSING, redisServerPath, startTestRedis, type TestRedis } from '../test/support/redis';
import { fakeControl, startApp, startFake, stopProcess, type FakeControl } from './discovery/private-stack';

/**
 * One client's budget of cache misses (lib/server/client-budget.ts) is one budget whichever
 * instance answers: two `next start` instances on one redis-server (started here on a free port)
 * count the same client's requests together. Skipped, saying why, without redis-server.
 */
test.describe.configure({ mode: 'serial' });

const BURST = 12;

let redis: TestRedis;
let upstream: { url: string; child: ChildProcess };
let fake: FakeControl;
const instances: { url: string; child: ChildProcess }[] = [];

test.describe('a client budget shared by two instances', () => {
  test.skip(redisServerPath() === null, REDIS_MISSING);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    redis = await startTestRedis();
    upstream = await startFake();
    fake = fakeControl(upstream.url);
    const env = {
      REDIS_URL: redis.url,
      STREAMING_BASE_URLS: `${upstream.url}/streaming/main`,
      TRANSLATE_BASE_URL: `${upstream.url}/translate`,
      // Clients are named by the one proxy in front, as behind the shipped nginx.
      TRUSTED_PROXY_HOPS: '1',
      CLIENT_MISS_BURST: String(BURST),
      CLIENT_MISS_PER_MINUTE: String(BURST),
    };
    // One after the other: two cold starts at once can outlast the start-up wait on a busy machine.
    for (let i = 0; i < 2; i += 1) instances.push(await startApp(`${upstream.url}/jikan/v4`, env));
  });

  test.afterAll(async () => {
    for (const instance of instances) await stopProcess(instance.child);
    if (upstream) await stopProcess(upstream.child);
    await redis?.stop();
  });

  const search = async (base: string, query: string, client: string) => {
    const response = await fetch(`${base}/api/anime/search?q=${encodeURIComponent(query)}`, {
      headers: { 'X-Forwarded-For': client },
    });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      code: body.error?.code,
    };
  };

  test(`one client's 16 new searches, alternating instances, meet one budget of ${BURST}`, async () => {
    const run = `budget-${Date.now()}`;
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 16; i += 1) {
      answers.push(await search(instances[i % 2]!.url, `${run}-${i}`, '203.0.113.77'));
    }
    // One bucket of 12 for both instances, refilled one every 5 s: the burst, plus what came back
    // while the searches ran, and no more.
    const refilled = Math.floor((Date.now() - started) / 5000);
    const served = answers.filter((answer) => answer.status === 200).length;
    expect(answers.slice(0, BURST).map((answer) => answer.status)).toEqual(
      Array.from({ length: BURST }, () => 200),
    );
    expect(served).toBeLessThanOrEqual(BURST + refilled);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.code).toBe('TOO_MANY_REQUESTS');
      // The next token, not the rest of a minute.
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(5);
    }
    // Only the granted searches reached the anime database.
    expect(await fake.calls({ service: 'jikan', match: run })).toHaveLength(served);

    // Another client has its own budget, on either instance.
    expect((await search(instances[1]!.url, `${run}-other`, '198.51.100.77')).status).toBe(200);
  });
});

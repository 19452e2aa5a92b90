import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { createRedisClient } from '@/lib/server/redis-connection.mjs';
import { REDIS_MISSING, redisServerPath, startTestRedis, type TestRedis } from './redis';

/** The private redis-server of a suite of describeWithRedis. */
export interface SuiteRedis {
  readonly url: string;
  readonly port: number;
  /** Whether the server is up (a test may stop it). */
  readonly running: boolean;
  /** A connection as the app makes it (redis-connection.mjs), closed after the suite. */
  client(): Redis;
  /** The connections `client()` made, first first. */
  readonly clients: readonly Redis[];
  /** Stops the server: an outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * Defines `suite` against a private redis-server (redis.ts), started before its first test and
 * stopped after its last; skipped with one warning when the machine has no redis-server.
 */
export function describeWithRedis(name: string, suite: (server: SuiteRedis) => void): void {
  const available = redisServerPath() !== null;
  if (!available) console.warn(`${REDIS_MISSING}: Redis tests skipped`);
  describe.skipIf(!available)(name, () => {
    let server: TestRedis | undefined;
    const clients: Redis[] = [];
    const current = (): TestRedis => {
      if (!server) throw new Error('redis-server starts before the first test');
      return server;
    };
    beforeAll(async () => {
      server = await startTestRedis();
    });
    afterAll(async () => {
      for (const each of clients) each.disconnect();
      await server?.stop();
    });
    suite({
      get url() {
        return current().url;
      },
      get port() {
        return current().port;
      },
      get running() {
        return current().child.exitCode === null;
      },
      clients,
      client() {
        const created = createRedisClient(current().url);
        clients.push(created);
        return created;
      },
      stop: () => current().stop(),
      async start() {
        server = await startTestRedis(current().port);
      },
    });
  });
}

/** Resolves once `client` is connected. */
export function connected(client: Redis): Promise<void> {
  return vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 10_000, interval: 50 });
}

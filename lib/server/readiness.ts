import 'server-only';
import { sql } from 'kysely';
import { databaseCondition, getDb, type DatabaseDownReason } from '@/lib/db';
import type { RecoveryReason } from '@/lib/db/recovery';
import { pendingRecordWrites } from '@/lib/records';
import { serverEnv } from '@/lib/env';
import { lastJikanAnswer } from './health';
import { getRedis } from './redis';
import { redisUsable } from './redis-connection.mjs';
import { TimeoutError, within } from '@/lib/utils/within';

/**
 * What /api/health reports. The app can serve when its database answers: it holds the durable
 * records and the synced libraries. Redis and the anime database are reported, and do not decide:
 * while Redis fails each instance uses its own memory, and while the anime database fails pages
 * answer from the cache, the stored records and the offline catalogue. A database that answers
 * but is not the one the server had (its folder could not be opened and was replaced,
 * lib/db/recovery.ts) makes the instance `degraded`: it serves, and an operator should look. Every
 * reason is a code: an error's text may name hosts or users.
 */

/** Longest wait for each check, so a hung dependency answers "down" quickly. */
export const CHECK_TIMEOUT_MS = 2000;

export type CheckState = 'up' | 'down' | 'off';

export type DatabaseReason = DatabaseDownReason | 'timeout' | RecoveryReason;

export interface Readiness {
  ready: boolean;
  /** The database answers, but it was restored or started empty. */
  degraded: boolean;
  /** The server is stopping (a graceful stop under way). */
  stopping: boolean;
  database: {
    state: CheckState;
    ms: number;
    reason?: DatabaseReason;
    since?: string;
    /** Record writes queued and not yet made (lib/records): what a SIGKILL now would lose. */
    pendingWrites: number;
  };
  redis: { state: CheckState; ms: number };
  jikan: { lastAnswerAgeSeconds: number | null };
}

async function timed<T>(check: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = Date.now();
  try {
    const value = await within(check(), CHECK_TIMEOUT_MS);
    return { value, ms: Date.now() - started };
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
}

async function databaseCheck(): Promise<Readiness['database']> {
  const outcome = await timed(async () => {
    const db = await getDb();
    await sql`select 1`.execute(db);
  });
  const condition = databaseCondition();
  const pendingWrites = pendingRecordWrites();
  if (outcome.error === undefined) {
    const recovery = condition.recovery;
    return recovery
      ? { state: 'up', ms: outcome.ms, reason: recovery.reason, since: recovery.at, pendingWrites }
      : { state: 'up', ms: outcome.ms, pendingWrites };
  }
  const timedOut = outcome.error instanceof TimeoutError;
  const reason = condition.failure ?? (timedOut ? 'timeout' : 'unavailable');
  return { state: 'down', ms: outcome.ms, reason, pendingWrites };
}

async function redisCheck(): Promise<Readiness['redis']> {
  if (!serverEnv().REDIS_URL) return { state: 'off', ms: 0 };
  const redis = getRedis()!;
  const outcome = await timed(async () => {
    if (!(await redisUsable(redis))) throw new Error(`connection ${redis.status}`);
    await redis.ping();
  });
  return { state: outcome.error === undefined ? 'up' : 'down', ms: outcome.ms };
}

export async function checkReadiness(now = Date.now()): Promise<Readiness> {
  const [database, redis, answeredAt] = await Promise.all([databaseCheck(), redisCheck(), lastJikanAnswer()]);
  const stopping = databaseCondition().stopping;
  return {
    ready: database.state === 'up' && !stopping,
    degraded: database.state === 'up' && database.reason !== undefined,
    stopping,
    database,
    redis,
    jikan: {
      lastAnswerAgeSeconds: answeredAt === null ? null : Math.max(0, Math.round((now - answeredAt) / 1000)),
    },
  };
}

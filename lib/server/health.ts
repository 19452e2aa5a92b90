import 'server-only';
import { processState } from './process-state';
import { getRedis } from './redis';

/**
 * When the anime database last answered, for /api/health: kept in this process's memory and, with
 * REDIS_URL, in Redis, so any instance reports the last answer any instance got. Noting never
 * fails nor waits: Redis is written in the background, at most once every NOTE_EVERY_MS per process.
 */

const KEY = 'am:health:jikan-answered';
const NOTE_EVERY_MS = 5000;
/** The note outlives any outage worth reporting. */
const NOTE_LIFE_MS = 7 * 24 * 3600 * 1000;

const moduleState = () => processState<{ jikanAnsweredAt?: number; sharedAt?: number }>('health', () => ({}));

/** Called when the anime database answered a call (a 404 is an answer). */
export function noteJikanAnswer(now = Date.now()): void {
  const state = moduleState();
  state.jikanAnsweredAt = now;
  const redis = getRedis();
  if (!redis || redis.status !== 'ready' || (state.sharedAt && now - state.sharedAt < NOTE_EVERY_MS)) return;
  state.sharedAt = now;
  // Only ever moves forward: an instance reporting late never makes the answer look older.
  redis
    .eval(
      "local c = tonumber(redis.call('GET', KEYS[1]) or '0') if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end return 1",
      1,
      KEY,
      String(now),
      String(NOTE_LIFE_MS),
    )
    .catch(() => undefined);
}

/** When the anime database last answered any instance (ms since the epoch), or null if never known. */
export async function lastJikanAnswer(): Promise<number | null> {
  const state = moduleState();
  const local = state.jikanAnsweredAt ?? null;
  const redis = getRedis();
  if (!redis || redis.status !== 'ready') return local;
  try {
    const shared = Number(await redis.get(KEY));
    return Number.isFinite(shared) && shared > 0 ? Math.max(shared, local ?? 0) : local;
  } catch {
    return local;
  }
}

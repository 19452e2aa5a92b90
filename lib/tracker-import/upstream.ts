import 'server-only';
import { chargeClientMiss } from '@/lib/server/client-budget';
import type { RateLimiter } from '@/lib/server/contracts';
import { AppError, rateLimited } from '@/lib/server/errors';
import { processState } from '@/lib/server/process-state';
import { InProcessRateLimiter, parseRetryAfter } from '@/lib/server/rate-limiter';
import { getRedis, RedisRateLimiter } from '@/lib/server/redis';
import { isDroppedConnection, isTimeoutError } from '@/lib/server/upstream';
import type { Tracker } from './types';

/**
 * The one way this server calls a tracker (lib/anilist, lib/kitsu) for an import:
 * - charged to the asking client's budget (`withClientBudget` in the route), one per call;
 * - paced per tracker for all visitors together, shared through Redis when set: AniList allows
 *   about 90 requests a minute per address, so calls are at least 700 ms apart; Kitsu publishes no
 *   limit and gets 300 ms;
 * - a 429 (with its Retry-After), or `X-RateLimit-Remaining: 0` (until `X-RateLimit-Reset`), stops
 *   every call to that tracker until then: the route answers RATE_LIMITED with the seconds left,
 *   and the browser waits them out;
 * - one timeout for the whole call, body included.
 */

export const TRACKER_TIMEOUT_MS = 15_000;
/** A call whose turn is further away than this answers RATE_LIMITED at once (the browser waits). */
const MAX_QUEUE_WAIT_MS = 5_000;
const SPACING_MS: Record<Tracker, number> = { anilist: 700, kitsu: 300 };

const moduleState = () =>
  processState<{ limiters: Partial<Record<Tracker, RateLimiter>> }>('tracker-limiters', () => ({
    limiters: {},
  }));

function limiter(tracker: Tracker): RateLimiter {
  const state = moduleState();
  const known = state.limiters[tracker];
  if (known) return known;
  const local = new InProcessRateLimiter(SPACING_MS[tracker]);
  const redis = getRedis();
  const created = redis
    ? new RedisRateLimiter(redis, local, SPACING_MS[tracker], 0, `am:limiter:${tracker}:`)
    : local;
  state.limiters[tracker] = created;
  return created;
}

/** Seconds until the tracker's window resets, from `X-RateLimit-Reset` (epoch seconds), else 60. */
function resetSeconds(headers: Headers, now = Date.now()): number {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) {
    return Math.min(3600, Math.max(1, Math.ceil(reset - now / 1000)));
  }
  return parseRetryAfter(headers.get('retry-after'));
}

/**
 * Calls the tracker; answers its response for any status but 429 (which throws RATE_LIMITED),
 * with the signal that bounds reading the body too. Fails only with AppError.
 */
export async function trackerFetch(tracker: Tracker, url: string, init: RequestInit = {}): Promise<Response> {
  await chargeClientMiss();
  await limiter(tracker).acquire({ maxWaitMs: MAX_QUEUE_WAIT_MS });
  const signal = AbortSignal.timeout(TRACKER_TIMEOUT_MS);
  let response: Response | undefined;
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetch(url, { ...init, signal, cache: 'no-store' });
    } catch (error) {
      if (attempt === 0 && isDroppedConnection(error)) continue;
      throw new AppError(isTimeoutError(error) ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR', undefined, {
        cause: error,
      });
    }
  }
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    const seconds = response.headers.has('retry-after')
      ? parseRetryAfter(response.headers.get('retry-after'))
      : resetSeconds(response.headers);
    await limiter(tracker).markLimited(seconds);
    throw rateLimited(seconds * 1000);
  }
  // The last call of the window: the next would be refused, so nobody makes it before the reset.
  if (response.headers.get('x-ratelimit-remaining')?.trim() === '0') {
    await limiter(tracker).markLimited(resetSeconds(response.headers));
  }
  return response;
}

/** The JSON body of a tracker's answer; a cut-off body is UPSTREAM_TIMEOUT, a broken one INVALID_RESPONSE. */
export async function trackerJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (isTimeoutError(error)) throw new AppError('UPSTREAM_TIMEOUT', undefined, { cause: error });
    throw new AppError('INVALID_RESPONSE', undefined, { cause: error, upstreamStatus: response.status });
  }
}

/** A 5xx (or any answer the tracker's own error shape does not explain): the service is down. */
export function serviceDown(response: Response): AppError {
  return new AppError('UPSTREAM_ERROR', undefined, { upstreamStatus: response.status });
}

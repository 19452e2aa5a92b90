import 'server-only';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { storedCopyDecision } from '@/lib/records/freshness';
import { runAfterResponse } from '@/lib/server/background';
import {
  cacheKey,
  cacheLife,
  getCache,
  isInFlight,
  normalizeParams,
  singleFlight,
  type CacheParams,
} from '@/lib/server/cache';
import { chargeClientMiss, withoutClientBudget } from '@/lib/server/client-budget';
import { serverLog } from '@/lib/server/log';
import {
  CALL_PRIORITY,
  atRequestedPriority,
  withCallPriority,
  type CallPriority,
} from '@/lib/server/priority-limiter';
import type { Cache } from '@/lib/server/contracts';
import { AppError, isAppError } from '@/lib/server/errors';
import { noteJikanAnswer } from '@/lib/server/health';
import { processState } from '@/lib/server/process-state';
import { getRateLimiter, parseRetryAfter } from '@/lib/server/rate-limiter';
import { isDroppedConnection, isTimeoutError, readValidJson } from '@/lib/server/upstream';

const log = serverLog('jikan');

/**
 * A request's deadline: the moment JIKAN_TIMEOUT_MS (SPEC §9: 15 s) after it started. Waiting for
 * a turn and the call itself share it, and so do the calls of one request (details: /full, then
 * the basic record after a 404), so nobody waits longer than the timeout in total.
 */
export function jikanDeadline(): number {
  return Date.now() + serverEnv().JIKAN_TIMEOUT_MS;
}

/** Time kept for the call itself: a turn that leaves less than this is refused, not taken. */
function callReserveMs(timeoutMs: number): number {
  return Math.min(1000, timeoutMs / 4);
}

/**
 * The one request to the anime database (STYLE.md): base URL and timeout from env, paced by the
 * shared rate limiter, answers checked with `schema`, ended at `deadline`. Fails only with
 * AppError: RATE_LIMITED (429, or no turn in time), NOT_FOUND (404), UPSTREAM_TIMEOUT,
 * UPSTREAM_ERROR (network, other statuses), INVALID_RESPONSE (not JSON, or not the schema).
 */
export async function jikanFetch<S extends z.ZodType>(
  path: string,
  params: readonly [string, string][],
  schema: S,
  deadline = jikanDeadline(),
): Promise<z.output<S>> {
  const { JIKAN_BASE_URL, JIKAN_TIMEOUT_MS } = serverEnv();
  const url = new URL(JIKAN_BASE_URL + path);
  for (const [name, value] of params) url.searchParams.set(name, value);

  const limiter = getRateLimiter();
  const reserve = callReserveMs(JIKAN_TIMEOUT_MS);

  let response: Response | undefined;
  // What the log says of the call: its wait for a turn, then the call's own time.
  let queueMs = 0;
  let started = 0;
  const timing = () => ({ path, queueMs, ms: Math.round(performance.now() - started) });
  // A connection dropped before any answer (a kept-alive socket the server closed) gets one new
  // try, with a turn of its own from the limiter like any call.
  for (let attempt = 0; !response; attempt += 1) {
    const queued = performance.now();
    await limiter
      .acquire({ maxWaitMs: Math.max(0, deadline - Date.now() - reserve) })
      .catch((error: unknown) => {
        log.info(
          { path, queueMs: Math.round(performance.now() - queued), err: error },
          'anime database: no turn in time',
        );
        throw error;
      });
    started = performance.now();
    queueMs += Math.round(started - queued);
    const left = deadline - Date.now();
    if (left <= 0) {
      log.info({ path, queueMs }, 'anime database: no time left for the call after its turn');
      throw new AppError('UPSTREAM_TIMEOUT');
    }
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json' },
        // The abort also covers reading the body: a server that sends headers and then stalls
        // still ends at the deadline.
        signal: AbortSignal.timeout(left),
        // No `cache` option on purpose: Next's default does not keep a copy (our own cache
        // decides), and unlike 'no-store' it lets a cached page render call us.
      });
    } catch (error) {
      if (isTimeoutError(error)) {
        log.info({ ...timing(), err: error }, 'anime database: timed out');
        throw new AppError('UPSTREAM_TIMEOUT', undefined, { cause: error });
      }
      if (attempt === 0 && isDroppedConnection(error)) {
        log.info(
          { ...timing(), err: error },
          'anime database: connection dropped before an answer; trying once more',
        );
        continue;
      }
      log.info({ ...timing(), err: error }, 'anime database: no answer');
      throw new AppError('UPSTREAM_ERROR', undefined, { cause: error });
    }
  }
  log.debug({ ...timing(), status: response.status }, 'anime database call');

  // The anime database answered (a 404 is an answer): /api/health reports how long ago.
  if (response.ok || response.status === 404) noteJikanAnswer();
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 429) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      await limiter.markLimited(retryAfterSeconds);
      log.info(
        { ...timing(), status: 429, retryAfterSeconds },
        'anime database: rate limited; no calls until Retry-After',
      );
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds, upstreamStatus: 429 });
    }
    if (response.status === 404) throw new AppError('NOT_FOUND', undefined, { upstreamStatus: 404 });
    log.info({ ...timing(), status: response.status }, 'anime database: failed answer');
    throw new AppError('UPSTREAM_ERROR', undefined, { upstreamStatus: response.status });
  }

  return readValidJson(response, schema);
}

/** Failures a stale copy may stand in for; a 404 is an answer, not a failure. */
function isTransient(error: unknown): boolean {
  return (
    isAppError(error, 'RATE_LIMITED') ||
    isAppError(error, 'UPSTREAM_ERROR') ||
    isAppError(error, 'UPSTREAM_TIMEOUT') ||
    isAppError(error, 'INVALID_RESPONSE')
  );
}

/** How long a 404 is believed: MyAnimeList adds entries, but not by the minute. */
export const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
/** After a failed background refresh, the stale copy is served this long without another try. */
export const REFRESH_RETRY_MS = 30 * 1000;

/**
 * Keys remembered until a time (Date.now() based, like the response cache: lru-cache's own ttl
 * runs on another clock). Bounded in size; the oldest are forgotten first.
 */
class ExpiringSet {
  private readonly lru: LRUCache<string, number>;

  constructor(
    max: number,
    private readonly lifeMs: number,
  ) {
    this.lru = new LRUCache({ max });
  }

  has(key: string): boolean {
    const until = this.lru.get(key);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    this.lru.delete(key);
    return false;
  }

  add(key: string): void {
    this.lru.set(key, Date.now() + this.lifeMs);
  }

  delete(key: string): void {
    this.lru.delete(key);
  }
}

const moduleState = () =>
  processState<{
    notFound?: ExpiringSet;
    refreshFailed?: ExpiringSet;
    turns?: Map<string, number>;
  }>('jikan-client', () => ({}));

/** Paths Jikan answered 404 for (negative cache): asked again, they cost nothing for an hour. */
function knownMissing(): ExpiringSet {
  const state = moduleState();
  state.notFound ??= new ExpiringSet(10_000, NOT_FOUND_TTL_MS);
  return state.notFound;
}

/** A 404 known here, or (shared cache) to any instance: kept an hour (SHARED_CACHE_LIVES.notFound). */
async function isKnownMissing(cache: Cache, key: string): Promise<boolean> {
  if (knownMissing().has(key)) return true;
  if (!cache.shared || !(await cache.get(`missing:${key}`))?.fresh) return false;
  knownMissing().add(key);
  return true;
}

async function rememberMissing(cache: Cache, key: string): Promise<void> {
  knownMissing().add(key);
  if (cache.shared) await cache.set(`missing:${key}`, true);
}

function refreshFailed(): ExpiringSet {
  const state = moduleState();
  state.refreshFailed ??= new ExpiringSet(1000, REFRESH_RETRY_MS);
  return state.refreshFailed;
}

/**
 * When the call in flight for a key expects its turn in the limiter's queue (Date.now() based),
 * for the requests that would join it. Only calls started with a stand-in (`whenQueueBusy`) are
 * timed; joining any other costs a wait this process did not measure, taken as none.
 */
function turns(): Map<string, number> {
  const state = moduleState();
  state.turns ??= new Map();
  return state.turns;
}

/** Runs `call` (a single-flight run for `key`) noting when its turn is expected. */
function timedCall<T>(key: string, waitMs: number | undefined, call: () => Promise<T>): Promise<T> {
  if (waitMs === undefined) return call();
  const turnAt = Date.now() + waitMs;
  turns().set(key, turnAt);
  return call().finally(() => {
    if (turns().get(key) === turnAt) turns().delete(key);
  });
}

/**
 * How long a request for `key` would wait for its turn: joining the call in flight waits for that
 * call's turn; a new call waits behind everyone queued (or a 429 back-off).
 */
async function queueWaitMs(key: string): Promise<number> {
  if (isInFlight(key)) return Math.max(0, (turns().get(key) ?? 0) - Date.now());
  return getRateLimiter().expectedWaitMs();
}

export interface JikanGet<S extends z.ZodType, R, B = never> {
  path: string;
  params?: CacheParams;
  schema: S;
  /**
   * Reshapes the validated answer; what it returns is what the cache keeps (plain JSON data).
   * The cache key is path and params only, so one path must always be reshaped the same way.
   */
  map: (data: z.output<S>) => R;
  /** When the request gives up (see jikanDeadline); default: the timeout from now. */
  deadline?: number;
  /** Remember a 404 of this path for NOT_FOUND_TTL_MS (ids that do not exist). */
  rememberNotFound?: boolean;
  /**
   * A stand-in (the offline catalogue's answer) for when no cached copy can answer and
   * the turn in the limiter's queue is further away than JIKAN_QUEUE_OFFLINE_MS: answered at once,
   * never cached, while the call itself is still made in the background when that is cheap (see
   * jikanGet). Null means no stand-in: the request waits for its turn as usual.
   */
  whenQueueBusy?: () => B | null;
  /**
   * The durable store's copy (lib/records), read when the cache has none: it answers without a
   * call while within the cache's life, and marked stale when the database has no room or fails
   * (see answerFromStoredCopy). Undefined when it is not known yet without waiting for the
   * store to open (`waitForOpen: false`): it is asked again, waiting, only if the database
   * cannot answer.
   */
  stored?: (options: { waitForOpen: boolean }) => Promise<StoredCopy<R> | null | undefined>;
  /**
   * The value marked stale with its fetch time: a cached entry past its life is answered so once
   * its refresh has failed (the database cannot answer), as a stored copy is.
   */
  markStale?: (value: R, fetchedAt: number) => R;
}

/** A last-known-good copy from the durable store. */
export interface StoredCopy<R> {
  /** The copy as it is (answered within its life). */
  value: R;
  /** The copy marked stale with its fetch time. */
  stale: R;
  fetchedAt: number;
  /** A full record (not a listing row): only that may answer as fresh. */
  complete: boolean;
}

/**
 * jikanFetch behind the shared cache (SPEC §8/§9):
 * - a fresh entry answers without a call;
 * - a stale entry (past its life) answers at once, and one background refresh replaces it
 *   (stale-while-revalidate); a failed refresh is not retried for REFRESH_RETRY_MS;
 * - identical concurrent requests share one call (single flight);
 * - a request that starts a call is charged to its client's budget (client-budget.ts);
 * - with `rememberNotFound`, a 404 is remembered and answered without a call for an hour;
 * - with `whenQueueBusy`, a miss whose turn is more than JIKAN_QUEUE_OFFLINE_MS away answers the
 *   stand-in at once (see callInBackground for the call it stands in for).
 */
export async function jikanGet<S extends z.ZodType, R, B = never>({
  path,
  params = {},
  schema,
  map,
  deadline,
  rememberNotFound = false,
  whenQueueBusy,
  stored,
  markStale,
}: JikanGet<S, R, B>): Promise<R | B> {
  const key = cacheKey(`jikan:${path}`, params);
  const cache = getCache();
  const [missing, hit] = await Promise.all([
    rememberNotFound && isKnownMissing(cache, key),
    cache.get<R>(key),
  ]);
  if (missing) throw new AppError('NOT_FOUND', undefined, { upstreamStatus: 404 });
  if (hit?.fresh) return hit.value;

  const load = (until: number) => async () => {
    // Another instance already asking (shared cache): wait for its answer rather than call too.
    const locked = cache.tryLock ? !(await cache.tryLock(key, until - Date.now())) : false;
    if (locked) {
      const answered = await awaitOtherInstance<R>(cache, key, until);
      if (answered) return answered.value;
    }
    try {
      if (!locked && cache.tryLock) {
        // Another instance may have answered and let go between our read and our lock: its answer
        // is in the shared cache, and calling again would spend a second upstream call on it.
        const answered = await cache.get<R>(key);
        if (answered?.fresh) return answered.value;
      }
      // Only the request that is about to spend an upstream call pays for it: joining this
      // flight, or another instance's (the lock above), costs nothing. Outside a client's budget
      // (refreshes, background calls already paid for) this does nothing.
      await chargeClientMiss();
      const value = map(await jikanFetch(path, normalizeParams(params), schema, until));
      await cache.set(key, value);
      refreshFailed().delete(key);
      return value;
    } catch (error) {
      if (rememberNotFound && isAppError(error, 'NOT_FOUND')) await rememberMissing(cache, key);
      throw error;
    } finally {
      if (!locked) await cache.unlock?.(key);
    }
  };

  if (hit) {
    if (!isInFlight(key) && !refreshFailed().has(key)) {
      // Nobody waits for this call, and it belongs to no visitor's budget; after() keeps it alive
      // once the answer has gone.
      runAfterResponse(`refreshing ${key}`, () =>
        withoutClientBudget(() =>
          withCallPriority(CALL_PRIORITY.background, () => singleFlight(key, load(jikanDeadline()))).catch(
            (error: unknown) => {
              refreshFailed().add(key);
              log.info({ key, err: error }, 'refresh failed; still serving the stale copy');
            },
          ),
        ),
      );
    }
    // Past its life with its refresh failed: the database cannot answer, and the page says how old it is.
    if (markStale && !hit.fresh && refreshFailed().has(key)) return markStale(hit.value, hit.storedAt);
    return hit.value;
  }

  const offlineAfterMs = serverEnv().JIKAN_QUEUE_OFFLINE_MS;
  // With no copy to show, a record's page or answer goes before listings (priority-limiter.ts);
  // a background job's request (the offline kit, a notification check) goes after both.
  const priority = atRequestedPriority(RECORD_PATH.test(path) ? CALL_PRIORITY.answer : CALL_PRIORITY.listing);
  // The time spent asking the durable store is not taken from the anime database's share.
  const readStarted = Date.now();
  const copy = stored ? await stored({ waitForOpen: false }) : null;
  if (deadline !== undefined) deadline += Date.now() - readStarted;
  // A stored copy's refresh waits behind what others have no copy of.
  const callFor = () =>
    withCallPriority(CALL_PRIORITY.background, () => singleFlight(key, load(deadline ?? jikanDeadline())));
  if (copy) return withCallPriority(CALL_PRIORITY.background, () => answerFromStoredCopy(key, copy, callFor));
  // The store was still opening: asked again, waiting for it, when the database cannot answer.
  const storedLate = async () => (copy === undefined && stored ? await stored({ waitForOpen: true }) : null);

  let waitMs: number | undefined;
  if (whenQueueBusy && offlineAfterMs > 0) {
    waitMs = await withCallPriority(priority, () => queueWaitMs(key));
    const late = waitMs > offlineAfterMs ? await storedLate() : null;
    if (late) return answerFromStoredCopy(key, late, callFor);
    const standIn = waitMs > offlineAfterMs ? whenQueueBusy() : null;
    if (standIn !== null) {
      log.info({ key, waitMs }, 'turn too far away; answering from the offline catalogue');
      await callInBackground(key, waitMs, load, priority);
      return standIn;
    }
  }

  // The call itself charges the client that starts it (load): joining a call in flight is free.
  const joining = isInFlight(key);
  const call = () => withCallPriority(priority, () => singleFlight(key, load(deadline ?? jikanDeadline())));
  try {
    return await (joining ? call() : timedCall(key, waitMs, call)).catch((error: unknown) => {
      // The call this request joined was refused by its starter's budget, not this client's:
      // this request asks on its own account.
      if (joining && isAppError(error, 'TOO_MANY_REQUESTS')) return timedCall(key, waitMs, call);
      throw error;
    });
  } catch (error) {
    // The entry may have arrived (stale) while this request waited on a failing call.
    if (isTransient(error)) {
      const late = await cache.get<R>(key);
      if (late) return markStale && !late.fresh ? markStale(late.value, late.storedAt) : late.value;
      const kept = await storedLate();
      if (kept) {
        log.info({ key, err: error }, 'call failed; answering the stored copy');
        return kept.stale;
      }
    }
    throw error;
  }
}

/** The paths of one anime's record and its parts (characters, staff, recommendations, episodes). */
const RECORD_PATH = /^\/anime\/\d+(?:\/|$)/;

/** What the wait for the anime database resolves to once the visitor's patience is spent. */
const OUTWAITED = Symbol('outwaited');

/**
 * A cache miss with a copy in the durable store (storedCopyDecision): within its life it answers
 * as it is; with no room at the database (queue over JIKAN_QUEUE_OFFLINE_MS, 429 back-off) it
 * answers stale at once, and no call is made (refreshes happen on a visitor's ask when the
 * database has room, never in bulk); otherwise the database is asked, and the stale copy answers
 * when it fails for a transient reason or takes longer than JIKAN_QUEUE_OFFLINE_MS (the call then
 * goes on and refreshes the cache and the store for the next visitor). A 404 is an answer and
 * stands. A client over its budget gets the stale copy, which costs the database nothing.
 */
async function answerFromStoredCopy<R>(key: string, copy: StoredCopy<R>, call: () => Promise<R>): Promise<R> {
  const { JIKAN_QUEUE_OFFLINE_MS, JIKAN_TIMEOUT_MS } = serverEnv();
  const decision = storedCopyDecision({
    complete: copy.complete,
    ageMs: Date.now() - copy.fetchedAt,
    lifeMs: cacheLife(key).freshMs,
    queueWaitMs: await queueWaitMs(key),
    queueLimitMs: JIKAN_QUEUE_OFFLINE_MS,
  });
  if (decision === 'fresh') return copy.value;
  if (decision === 'stale') {
    log.info({ key }, 'no room at the anime database; answering the stored copy');
    return copy.stale;
  }
  const running = call();
  const patienceMs = JIKAN_QUEUE_OFFLINE_MS > 0 ? JIKAN_QUEUE_OFFLINE_MS : JIKAN_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outwaited = new Promise<typeof OUTWAITED>((resolve) => {
    timer = setTimeout(() => resolve(OUTWAITED), patienceMs);
  });
  try {
    const answer = await Promise.race([running, outwaited]);
    if (answer !== OUTWAITED) return answer as R;
    running.catch((error: unknown) => {
      log.info({ key, err: error }, 'refresh failed');
    });
    log.info({ key, patienceMs }, 'no answer in time; answering the stored copy');
    return copy.stale;
  } catch (error) {
    // A client over its budget gets the stale copy, which costs the database nothing.
    if (isAppError(error, 'TOO_MANY_REQUESTS')) return copy.stale;
    if (!isTransient(error)) throw error;
    log.info({ key, err: error }, 'call failed; answering the stored copy');
    return copy.stale;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a stand-in answered a visitor, the call it stood in for is still made, so the next visitor
 * gets live data, but only when that is cheap, that is when it costs no more than the visitor's
 * wait would have: never a second call for a key already in flight (single flight: the answer is
 * on its way), never a turn the limiter would refuse (further than the timeout allows, or during a
 * 429 back-off longer than that), and, for API callers, only with a token of their client's
 * budget (a client over budget still gets the stand-in, which costs the database nothing).
 */
async function callInBackground<R>(
  key: string,
  waitMs: number,
  load: (until: number) => () => Promise<R>,
  priority: CallPriority,
): Promise<void> {
  if (isInFlight(key)) return;
  const { JIKAN_TIMEOUT_MS } = serverEnv();
  if (waitMs > JIKAN_TIMEOUT_MS - callReserveMs(JIKAN_TIMEOUT_MS)) return;
  try {
    await chargeClientMiss();
  } catch (error) {
    if (isAppError(error, 'TOO_MANY_REQUESTS')) return;
    throw error;
  }
  runAfterResponse(`background call for ${key}`, () =>
    withoutClientBudget(() =>
      // The call keeps the place of the answer it stood in for: the next visitor waits for it.
      withCallPriority(priority, () =>
        timedCall(key, waitMs, () => singleFlight(key, load(jikanDeadline()))),
      ).catch((error: unknown) => {
        log.info({ key, err: error }, 'background call failed');
      }),
    ),
  );
}

/** Polls the shared cache while another instance holds the lock of `key`, until `until`. */
async function awaitOtherInstance<R>(cache: Cache, key: string, until: number) {
  while (Date.now() < until) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(LOCK_POLL_MS, Math.max(0, until - Date.now()))),
    );
    const hit = await cache.get<R>(key);
    if (hit?.fresh) return hit;
    if (!(await cache.isLocked?.(key))) return hit;
  }
  return undefined;
}

/** How often an instance waiting on another instance's call looks for its answer. */
const LOCK_POLL_MS = 100;

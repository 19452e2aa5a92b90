import 'server-only';
import type { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { cacheKey, getCache, normalizeParams, singleFlight, type CacheParams } from '@/lib/server/cache';
import { AppError, isAppError } from '@/lib/server/errors';
import { getRateLimiter, parseRetryAfter } from '@/lib/server/rate-limiter';
import { isTimeoutError, readValidJson } from '@/lib/server/upstream';

/**
 * The one request to the anime database (STYLE.md): base URL and timeout from env, paced by the
 * shared rate limiter, answers checked with `schema`. Fails only with AppError:
 * RATE_LIMITED (429, or no turn within the timeout), NOT_FOUND (404), UPSTREAM_TIMEOUT,
 * UPSTREAM_ERROR (network, other statuses), INVALID_RESPONSE (not JSON, or not the schema).
 */
export async function jikanFetch<S extends z.ZodType>(
  path: string,
  params: readonly [string, string][],
  schema: S,
): Promise<z.output<S>> {
  const { JIKAN_BASE_URL, JIKAN_TIMEOUT_MS } = serverEnv();
  const url = new URL(JIKAN_BASE_URL + path);
  for (const [name, value] of params) url.searchParams.set(name, value);

  const limiter = getRateLimiter();
  await limiter.acquire({ maxWaitMs: JIKAN_TIMEOUT_MS });

  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      // The abort also covers reading the body: a server that sends headers and then stalls
      // still ends at the timeout.
      signal: AbortSignal.timeout(JIKAN_TIMEOUT_MS),
      // No `cache` option on purpose: Next's default does not keep a copy (our own cache
      // decides), and unlike 'no-store' it lets a cached page render call us (issue 8).
    });
  } catch (error) {
    if (isTimeoutError(error)) throw new AppError('UPSTREAM_TIMEOUT', undefined, { cause: error });
    throw new AppError('UPSTREAM_ERROR', undefined, { cause: error });
  }

  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 429) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      await limiter.markLimited(retryAfterSeconds);
      console.warn(`[jikan] 429 on ${path}: no calls for ${retryAfterSeconds} s`);
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds, upstreamStatus: 429 });
    }
    if (response.status === 404) throw new AppError('NOT_FOUND', undefined, { upstreamStatus: 404 });
    throw new AppError('UPSTREAM_ERROR', undefined, { upstreamStatus: response.status });
  }

  return readValidJson(response, schema);
}

/** Failures a stale copy may stand in for; a 404 is an answer, not a failure. */
function isTransient(error: unknown): boolean {
  return (
    isAppError(error) &&
    (error.code === 'RATE_LIMITED' ||
      error.code === 'UPSTREAM_ERROR' ||
      error.code === 'UPSTREAM_TIMEOUT' ||
      error.code === 'INVALID_RESPONSE')
  );
}

export interface JikanGet<S extends z.ZodType, R> {
  path: string;
  params?: CacheParams;
  schema: S;
  /**
   * Reshapes the validated answer; what it returns is what the cache keeps (plain JSON data).
   * The cache key is path and params only, so one path must always be reshaped the same way.
   */
  map: (data: z.output<S>) => R;
}

/**
 * jikanFetch behind the shared cache: a fresh entry answers without a call; identical concurrent
 * requests share one call (single flight); when the call fails for a transient reason (429 or
 * back-off in force, 5xx, timeout, malformed body) an expired entry is served instead (SPEC §8).
 */
export async function jikanGet<S extends z.ZodType, R>({
  path,
  params = {},
  schema,
  map,
}: JikanGet<S, R>): Promise<R> {
  const key = cacheKey(`jikan:${path}`, params);
  const cache = getCache();
  const hit = await cache.get<R>(key);
  if (hit?.fresh) return hit.value;

  return singleFlight(key, async () => {
    try {
      const value = map(await jikanFetch(path, normalizeParams(params), schema));
      await cache.set(key, value);
      return value;
    } catch (error) {
      if (hit && isTransient(error)) {
        console.warn(`[jikan] serving a stale copy of ${key} (${(error as AppError).code})`);
        return hit.value;
      }
      throw error;
    }
  });
}

import 'server-only';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { serverEnv } from '@/lib/env';
import type { Episode } from '@/lib/jikan/types';
import { singleFlight } from '@/lib/server/cache';
import { AppError, isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { MAX_QUERY_LENGTH, httpUrl, isTimeoutError, readValidJson } from '@/lib/server/upstream';
import { streamingEpisodeSchema, streamingInfoSchema, streamingSearchSchema } from './schemas';

const log = serverLog('streaming');

/**
 * Episodes from the streaming-metadata provider (SPEC §7/§9). Best effort by design: the detail
 * page works without them, so every failure ends in `null` and a log line, never an error
 * (SPEC §8: no user message).
 */

export const PROBE_TIMEOUT_MS = 8_000;
export const LOOKUP_TIMEOUT_MS = 15_000;
export const HEALTH_TTL_MS = 5 * 60 * 1000;
export const RESULT_TTL_MS = 10 * 60 * 1000;

/** The one request to a streaming host. Fails only with AppError. */
async function streamingFetch<S extends z.ZodType>(
  url: string,
  schema: S,
  timeoutMs: number,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new AppError(isTimeoutError(error) ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR', undefined, {
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const code =
      response.status === 404 ? 'NOT_FOUND' : response.status === 429 ? 'RATE_LIMITED' : 'UPSTREAM_ERROR';
    throw new AppError(code, undefined, { upstreamStatus: response.status });
  }
  return readValidJson(response, schema);
}

/** SPEC §8: network errors, 404, 429 and 5xx are logged at different levels. */
function logFailure(what: string, error: unknown): void {
  if (!isAppError(error)) {
    log.error({ what, err: error }, 'unexpected error');
    return;
  }
  const status = error.upstreamStatus;
  if (error.code === 'NOT_FOUND') log.info({ what, status: 404 }, 'not found');
  else if (error.code === 'RATE_LIMITED') log.warn({ what, status: 429 }, 'rate limited');
  else if (error.code === 'UPSTREAM_TIMEOUT') log.warn({ what }, 'timed out');
  else if (error.code === 'UPSTREAM_ERROR' && status === undefined)
    log.warn({ what, err: error }, 'network error');
  else if (error.code === 'INVALID_RESPONSE') log.error({ what, err: error }, 'invalid response');
  else log.error({ what, status }, `HTTP ${status ?? '?'}`);
}

interface Health {
  up: boolean;
}

const moduleState = () =>
  processState<{
    streamingHealth?: LRUCache<string, Health>;
    streamingResults?: LRUCache<string, { episodes: Episode[] | null }>;
  }>('streaming', () => ({}));

function healthCache(): LRUCache<string, Health> {
  const state = moduleState();
  state.streamingHealth ??= new LRUCache({ max: 20, ttl: HEALTH_TTL_MS });
  return state.streamingHealth;
}

function resultCache(): LRUCache<string, { episodes: Episode[] | null }> {
  const state = moduleState();
  state.streamingResults ??= new LRUCache({ max: 200, ttl: RESULT_TTL_MS });
  return state.streamingResults;
}

/** SPEC §7: a host is up when its test route answers 200 or 404. */
async function probe(host: string): Promise<boolean> {
  try {
    const response = await fetch(`${host}/anime/gogoanime/test`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status === 200 || response.status === 404;
  } catch {
    return false;
  }
}

async function isUp(host: string): Promise<boolean> {
  const known = healthCache().get(host);
  if (known) return known.up;
  const up = await singleFlight(`streaming-probe:${host}`, () => probe(host));
  healthCache().set(host, { up });
  if (!up) log.warn({ host }, 'host is down');
  return up;
}

function toEpisodes(items: readonly unknown[]): Episode[] {
  const episodes: Episode[] = [];
  for (const item of items) {
    const parsed = streamingEpisodeSchema.safeParse(item);
    if (!parsed.success || !Number.isFinite(parsed.data.number)) continue;
    const { id, number, title, url } = parsed.data;
    episodes.push({ id, number, title: title?.trim() || null, url: httpUrl(url) });
  }
  // SPEC leaves the order open; the detail page lists the first episodes, so ascending.
  return episodes.sort((a, b) => a.number - b.number);
}

/** search → first result → info → episodes; null when the host has no match. */
async function lookup(host: string, title: string): Promise<Episode[] | null> {
  const search = await streamingFetch(
    `${host}/anime/gogoanime/${encodeURIComponent(title)}?page=1`,
    streamingSearchSchema,
    LOOKUP_TIMEOUT_MS,
  );
  const first = search.results?.[0];
  if (!first) return null;
  const info = await streamingFetch(
    `${host}/anime/gogoanime/info/${encodeURIComponent(first.id)}`,
    streamingInfoSchema,
    LOOKUP_TIMEOUT_MS,
  );
  const episodes = toEpisodes(info.episodes ?? []);
  return episodes.length ? episodes : null;
}

/** Failures that say nothing about the title, only about the host: try the next one. */
function hostFailed(error: unknown): boolean {
  return isAppError(error) && error.code !== 'NOT_FOUND';
}

/**
 * Every episode the provider lists for `title` (sorted by number; the UI shows the first 5), or
 * null when there is no title, no host up, no match, or anything failed. Hosts are tried in
 * STREAMING_BASE_URLS order; a host that fails at the network or server level is marked down for
 * the health period and the next one is tried. Answers (including "no match") are kept 10 min.
 */
export async function getStreamingEpisodes(title: string): Promise<Episode[] | null> {
  const name = title.trim();
  if (!name || name.length > MAX_QUERY_LENGTH) {
    log.warn('no usable title; skipping the lookup');
    return null;
  }
  const key = name.toLowerCase();
  const cached = resultCache().get(key);
  if (cached) return cached.episodes;

  return singleFlight(`streaming:${key}`, async () => {
    const hosts = serverEnv().STREAMING_BASE_URLS;
    for (const host of hosts) {
      if (!(await isUp(host))) continue;
      try {
        const episodes = await lookup(host, name);
        if (episodes === null) log.info({ title: name }, 'no episodes');
        resultCache().set(key, { episodes });
        return episodes;
      } catch (error) {
        logFailure(`lookup on ${host}`, error);
        if (!hostFailed(error)) return null;
        if (isAppError(error) && error.code !== 'RATE_LIMITED') healthCache().set(host, { up: false });
      }
    }
    if (hosts.length === 0) log.warn('STREAMING_BASE_URLS is empty');
    else log.warn('no streaming host could answer');
    return null;
  });
}

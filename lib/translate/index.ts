import 'server-only';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { getCache, singleFlight } from '@/lib/server/cache';
import { AppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { isDroppedConnection, isTimeoutError, readValidJson } from '@/lib/server/upstream';

const log = serverLog('translate');

/**
 * Machine translation of synopses into Portuguese (SPEC §1/§7: only pt is translated). Best
 * effort: on any failure the original text comes back, so a page never breaks over it.
 */

export const MAX_TRANSLATE_LENGTH = 5000;
const TIMEOUT_MS = 15_000;

/**
 * The gtx endpoint answers a loosely typed array: [[["translated", "original", ...], ...], ...].
 * The first element holds the segments; each segment's first item is its translation.
 */
const translateResponseSchema = z.tuple(
  [z.array(z.array(z.unknown()).transform((segment) => (typeof segment[0] === 'string' ? segment[0] : '')))],
  z.unknown(),
);

/** The one request to the translator. Fails only with AppError. */
async function translateFetch(text: string): Promise<string> {
  const url =
    `${serverEnv().TRANSLATE_BASE_URL}/translate_a/single?client=gtx&sl=auto&tl=pt&dt=t&q=` +
    encodeURIComponent(text);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response | undefined;
  // A connection dropped before any answer (a kept-alive socket the server closed while idle) gets
  // one new try, as the anime database's client does.
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetch(url, { signal });
    } catch (error) {
      if (attempt === 0 && isDroppedConnection(error)) continue;
      throw new AppError(isTimeoutError(error) ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR', undefined, {
        cause: error,
      });
    }
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AppError(response.status === 429 ? 'RATE_LIMITED' : 'UPSTREAM_ERROR', undefined, {
      upstreamStatus: response.status,
    });
  }
  const parsed = await readValidJson(response, translateResponseSchema);
  return parsed[0].join('');
}

const moduleState = () => processState<{ translations?: LRUCache<string, string> }>('translate', () => ({}));

/** A translation never changes, so entries have no life limit, only a total size (in characters). */
function translations(): LRUCache<string, string> {
  const state = moduleState();
  state.translations ??= new LRUCache<string, string>({
    max: 1000,
    maxSize: 2_000_000,
    sizeCalculation: (value, key) => value.length + key.length || 1,
  });
  return state.translations;
}

/** The shared cache's key of a translation (its kind's life: lib/server/cache.ts). */
function sharedKey(text: string): string {
  return `translate:pt:${createHash('sha256').update(text).digest('base64url')}`;
}

/**
 * `text` in Portuguese, or null when it is blank, longer than MAX_TRANSLATE_LENGTH, or the
 * translator fails or answers nothing (failures are logged and not remembered). With a shared
 * cache (Redis), a translation made by any instance is kept there for every other one.
 */
export async function tryTranslateToPortuguese(text: string): Promise<string | null> {
  if (!text.trim() || text.length > MAX_TRANSLATE_LENGTH) return null;
  const known = translations().get(text);
  if (known !== undefined) return known;
  return singleFlight(`translate:${text}`, async () => {
    const cache = getCache();
    if (cache.shared) {
      const hit = await cache.get<string>(sharedKey(text));
      if (typeof hit?.value === 'string') {
        translations().set(text, hit.value);
        return hit.value;
      }
    }
    try {
      const translated = await translateFetch(text);
      if (!translated.trim()) return null;
      translations().set(text, translated);
      if (cache.shared) await cache.set(sharedKey(text), translated);
      return translated;
    } catch (error) {
      log.info({ err: error }, 'failed; keeping the original text');
      return null;
    }
  });
}

/** `text` in Portuguese, or `text` itself when it cannot be translated (SPEC §7). */
export async function translateToPortuguese(text: string): Promise<string> {
  return (await tryTranslateToPortuguese(text)) ?? text;
}

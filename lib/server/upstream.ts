import 'server-only';

/** Small helpers shared by the clients of outside services (lib/jikan, lib/streaming, lib/translate). */

/**
 * Longest search text or title sent to an outside service. Anime titles top out around 150
 * characters; anything longer is abuse or an accident (the API answers 400, lib code no call).
 */
export const MAX_QUERY_LENGTH = 200;

/** fetch with AbortSignal.timeout rejects with a TimeoutError (AbortError on older runtimes). */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * Only http(s) URLs from an outside service reach an <img src> or <a href>: a `javascript:` link
 * slipped into a database record must never become clickable.
 */
export function httpUrl(value: string | null | undefined): string | null {
  const candidate = value?.trim();
  if (!candidate) return null;
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}

import 'server-only';
import type { z } from 'zod';
import { AppError } from './errors';

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
 * fetch failed because the connection was closed under it before an answer came: typically a
 * kept-alive socket the server had just closed while idle (undici: UND_ERR_SOCKET "other side
 * closed", or ECONNRESET/EPIPE). The request never got an answer, so one new try is safe for a GET.
 */
export function isDroppedConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
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

/**
 * The body of a successful outside answer, validated: a body cut off by the timeout is
 * UPSTREAM_TIMEOUT, unparsable JSON or a shape the schema refuses is INVALID_RESPONSE.
 */
export async function readValidJson<S extends z.ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isTimeoutError(error)) throw new AppError('UPSTREAM_TIMEOUT', undefined, { cause: error });
    throw new AppError('INVALID_RESPONSE', undefined, { cause: error, upstreamStatus: response.status });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('INVALID_RESPONSE', undefined, {
      cause: parsed.error,
      upstreamStatus: response.status,
    });
  }
  return parsed.data;
}

import type { ApiErrorBody } from '@/lib/jikan/types';
import type { ApiSource } from '@/lib/logger';
import { BACKGROUND_REQUEST_HEADERS } from '@/lib/request-priority';
import { useAuthStore } from '@/lib/stores/auth-store';

/**
 * The one way client components read the app's own API (STYLE.md: never Jikan directly).
 * Any non-2xx answer becomes an ApiError carrying the route's error code (lib/server/errors.ts);
 * an aborted request rejects with the AbortError untouched so callers can ignore it.
 * When someone is signed in, their Firebase ID token goes along (`Authorization: Bearer`): the
 * server decides adult access from it alone (lib/server/request-auth.ts).
 */

export class ApiError extends Error {
  readonly code: string;
  /** HTTP status, or 0 when no answer arrived (network failure). */
  readonly status: number;
  /** From a refusal's Retry-After header (429, 503): seconds until asking again may succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, status: number, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export type ApiParams = Record<string, string | number | null | undefined>;

/** `path` plus the non-empty params, URL-encoded. */
export function apiUrl(path: string, params: ApiParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function errorBody(body: unknown): ApiErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
}

/** The outside service behind one of our routes, as the logger classifies calls (SPEC §7). */
export function apiSource(path: string): ApiSource | null {
  if (path.startsWith('/api/streaming/')) return 'streamingApi';
  if (path.startsWith('/api/anime')) return 'animeApi';
  return null;
}

/** The signed-in user's ID token, or null for a visitor or when it cannot be had right now. */
async function idToken(): Promise<string | null> {
  try {
    return await useAuthStore.getState().getIdToken();
  } catch {
    // A token that cannot be refreshed (offline): ask as a visitor rather than not at all.
    return null;
  }
}

/** Retry-After in seconds (delta-seconds only, as this app's routes send it), or undefined. */
export function retryAfter(header: string | null): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

export async function apiGet<T>(
  path: string,
  params: ApiParams = {},
  { signal, background = false }: { signal?: AbortSignal; background?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A job nobody waits for: its anime-database calls wait behind people's (lib/request-priority.ts).
  if (background) Object.assign(headers, BACKGROUND_REQUEST_HEADERS);
  const token = await idToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const source = apiSource(path);
  const started = performance.now();
  const track = (ok: boolean) => {
    if (!source) return;
    const duration = performance.now() - started;
    // The logger loads with the first call it tracks: no page's first scripts carry it.
    void import('@/lib/logger').then(({ logger }) => logger.trackApiCall(source, duration, ok, path));
  };
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), { headers, signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    track(false);
    throw new ApiError('NETWORK', 'Network request failed', 0);
  }
  track(response.ok);

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isAbortError(error)) throw error;
    body = undefined;
  }

  if (!response.ok) {
    const detail = errorBody(body);
    throw new ApiError(
      detail?.code ?? 'HTTP_ERROR',
      detail?.message ?? `HTTP ${response.status}`,
      response.status,
      retryAfter(response.headers.get('Retry-After')),
    );
  }
  if (body === undefined) throw new ApiError('INVALID_RESPONSE', 'The answer was not JSON', response.status);
  return body as T;
}

import { browserStorage } from '@/lib/stores/local-storage';
import { CLOCK_AHEAD, LIBRARY_FULL } from './protocol';
import type { SyncErrorKind } from './status';

/**
 * The device's side of the wire to app/api/library: one request with the fan's token, its
 * failures as SyncHttpError kinds the sync loop acts on, and the server's clock read from every
 * answer (ServerClock).
 */

export const ENDPOINT = '/api/library';
/** Longest wait before trying again after a refusal that waiting may cure (a full library). */
export const MAX_BACKOFF_MS = 5 * 60_000;
/**
 * Longest a request may take: a request that hangs (a connection lost mid-way) must never hold
 * the sync loop, which runs one sync at a time.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** The server's clock minus this device's, kept across reloads (one per device, not per account). */
const OFFSET_KEY = 'anime-master-sync-clock-offset';

export class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncErrorKind | 'clockAhead',
    readonly retryAfterMs: number | null = null,
    readonly status = 0,
    readonly serverMessage: string | null = null,
    readonly details: {
      /** LIBRARY_FULL: the bound of entries. */
      limit?: number | null;
      /** LIBRARY_FULL: the entry ids not kept; null when the server wrote nothing (older servers). */
      refused?: string[] | null;
      /** 409: the database generation the server now has. */
      generation?: string | null;
    } = {},
  ) {
    super(`library sync failed: ${kind}`);
  }
}

/**
 * The server's time as this device can best tell: its own clock corrected by the offset seen in
 * the last answer. The offset is stored, so a device whose clock is wrong stamps its changes right
 * from the first one after a reload, before any answer (or offline).
 */
export class ServerClock {
  private offsetMs: number;

  constructor(private readonly storage: Storage | null = browserStorage()) {
    const stored = Number(this.read());
    this.offsetMs = Number.isFinite(stored) ? stored : 0;
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(OFFSET_KEY) ?? null;
    } catch {
      return null;
    }
  }

  get offset(): number {
    return this.offsetMs;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** An answer said the server's time was `serverTime` (received just now). */
  observe(serverTime: number): void {
    const offset = Math.round(serverTime - Date.now());
    // Changes under a second are round trips, not clocks: not worth a write.
    if (Math.abs(offset - this.offsetMs) < 1000 && this.read() !== null) return;
    this.offsetMs = offset;
    try {
      this.storage?.setItem(OFFSET_KEY, String(offset));
    } catch {
      // Storage full or blocked: kept for this visit.
    }
  }
}

type ErrorAnswer = {
  error?: { code?: unknown; message?: unknown };
  limit?: unknown;
  refused?: unknown;
  serverTime?: unknown;
  generation?: unknown;
} | null;

/** One request to the library API; answers its JSON or throws SyncHttpError. */
export async function libraryRequest<T>(
  clock: ServerClock,
  method: 'GET' | 'POST',
  query: string,
  token: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ENDPOINT}${query}`, {
      method,
      cache: 'no-store',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new SyncHttpError('network');
  }
  if (response.status === 409) {
    const answer = (await response.json().catch(() => null)) as ErrorAnswer;
    const generation = typeof answer?.generation === 'string' ? answer.generation : null;
    throw new SyncHttpError('reset', null, 409, null, { generation });
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    throw new SyncHttpError('server', Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null);
  }
  if (response.status === 401) throw new SyncHttpError('signedOut', 30_000);
  if (response.status === 400 || response.status === 413 || response.status === 422) {
    // The app answers JSON; a proxy in front (nginx's 413) answers a page of its own.
    const answer = (await response.json().catch(() => null)) as ErrorAnswer;
    const message = typeof answer?.error?.message === 'string' ? answer.error.message : null;
    if (typeof answer?.serverTime === 'number') clock.observe(answer.serverTime);
    if (answer?.error?.code === LIBRARY_FULL) {
      const limit = typeof answer.limit === 'number' ? answer.limit : null;
      const refused =
        Array.isArray(answer.refused) && answer.refused.every((id) => typeof id === 'string')
          ? (answer.refused as string[])
          : null;
      throw new SyncHttpError('full', MAX_BACKOFF_MS, response.status, message, { limit, refused });
    }
    if (answer?.error?.code === CLOCK_AHEAD)
      throw new SyncHttpError('clockAhead', null, response.status, message);
    throw new SyncHttpError('rejected', MAX_BACKOFF_MS, response.status, message);
  }
  if (!response.ok) throw new SyncHttpError('server');
  let answer: T & { serverTime?: unknown };
  try {
    answer = (await response.json()) as T & { serverTime?: unknown };
  } catch {
    throw new SyncHttpError('server');
  }
  if (typeof answer.serverTime === 'number') clock.observe(answer.serverTime);
  return answer;
}

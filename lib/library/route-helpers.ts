import 'server-only';
import { NextResponse } from 'next/server';
import { SharedBudget } from '@/lib/server/budget-store';
import { AppError, toErrorResponse } from '@/lib/server/errors';
import { CACHE_PRIVATE, VARY_CREDENTIALS } from '@/lib/server/http';
import { readJsonBody } from '@/lib/server/json-body';
import { processState } from '@/lib/server/process-state';
import { getRedis } from '@/lib/server/redis';
import { getRequestAccess } from '@/lib/server/request-auth';
import { CLOCK_AHEAD, LIBRARY_FULL, MAX_PUSH_BYTES } from './protocol';
import { EpochChangedError, LibraryFullError } from './store';

/** What app/api/library's handlers share: who asks, per-user pacing, bounded bodies, private answers. */

/** Per user: a burst for a first sync of a big library, then two requests a second on average. */
const BURST = 60;
const PER_MINUTE = 120;

/** In Redis when REDIS_URL is set: one budget per user whichever instance answers. */
function budget(): SharedBudget {
  const state = processState<{ budget?: SharedBudget }>('library-budget', () => ({}));
  state.budget ??= new SharedBudget({
    name: 'library',
    burst: BURST,
    perMinute: PER_MINUTE,
    redis: getRedis(),
  });
  return state.budget;
}

/** The verified user's uid, after taking one request from their budget; throws 401/429. */
export async function authorisedUser(request: Request): Promise<string> {
  const access = await getRequestAccess(request);
  if (!access.verified || !access.uid) throw new AppError('UNAUTHORIZED');
  const waitMs = await budget().take(access.uid);
  if (waitMs > 0) {
    throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
  return access.uid;
}

/** The push's body as JSON, read up to MAX_PUSH_BYTES (lib/server/json-body.ts); throws 413/400. */
export async function readPushBody(request: Request): Promise<unknown> {
  const body = await readJsonBody(request, MAX_PUSH_BYTES);
  if ('value' in body) return body.value;
  if (body.problem === 'too-large') throw new AppError('PAYLOAD_TOO_LARGE');
  if (body.problem === 'empty') throw new AppError('INVALID_INPUT', 'Corpo da requisição vazio.');
  throw new AppError('INVALID_INPUT', 'O corpo da requisição não é um JSON válido.');
}

/** A private answer: this user's data, never kept by a shared cache nor on disk. */
export function privateAnswer<T>(body: T, status = 200): NextResponse<T> {
  return NextResponse.json(body, {
    status,
    headers: { 'Cache-Control': CACHE_PRIVATE, Vary: VARY_CREDENTIALS },
  });
}

/** Errors as the app's JSON errors, kept private too; a reset epoch says which epoch is current. */
export function libraryError(error: unknown): NextResponse {
  if (error instanceof EpochChangedError) {
    const reset = new AppError('SYNC_RESET');
    return privateAnswer(
      {
        error: { code: reset.code, message: reset.message },
        epoch: error.epoch,
        generation: error.generation,
      },
      reset.status,
    );
  }
  if (error instanceof LibraryFullError) {
    // 422, not 413: the request is fine, the library is full. `refused` names the changes that
    // were not kept (they add entries past the bound); the rest of the push was (`applied`...).
    return privateAnswer(
      {
        error: { code: LIBRARY_FULL, message: error.message },
        limit: error.limit,
        refused: error.refused,
        ...(error.answer ?? {}),
      },
      422,
    );
  }
  const response = toErrorResponse(error);
  response.headers.set('Cache-Control', CACHE_PRIVATE);
  response.headers.set('Vary', VARY_CREDENTIALS);
  return response;
}

/** A push holding a stamp too far ahead of the server's clock: the device stamps it again. */
export function clockAheadAnswer(message: string, serverTime = Date.now()): NextResponse {
  return privateAnswer({ error: { code: CLOCK_AHEAD, message }, serverTime }, 400);
}

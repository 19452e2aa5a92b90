import 'server-only';
import { NextResponse } from 'next/server';
import type { ApiErrorBody } from '@/lib/jikan/types';
import { serverLog } from './log';

const log = serverLog('api');

/**
 * The one error model of the server (STYLE.md): every failure the app reports is an AppError with
 * a code; ERRORS maps each code to its HTTP status and to the key of its user message in
 * messages/{pt,en}.json. The `message` of an AppError is the Portuguese text of SPEC §8, sent in
 * the JSON body so that a caller without the message catalogue still reads something useful.
 */
export const ERRORS = {
  INVALID_INPUT: {
    status: 400,
    messageKey: 'Errors.invalidInput',
    message: 'Parâmetros de busca inválidos.',
  },
  INVALID_ID: { status: 400, messageKey: 'Errors.invalidId', message: 'ID de anime inválido' },
  NOT_FOUND: { status: 404, messageKey: 'Errors.notFound', message: 'Não encontrado.' },
  /** A tracker's list (AniList, Kitsu) that its owner keeps private. */
  PRIVATE_LIST: {
    status: 403,
    messageKey: 'TrackerImport.errorPrivate',
    message: 'Esta lista não é pública.',
  },
  RATE_LIMITED: {
    status: 429,
    messageKey: 'Errors.rateLimited',
    message: 'API temporariamente indisponível. Tente novamente em alguns minutos.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    messageKey: 'Errors.tooManyRequests',
    message: 'Você fez muitas requisições à API. Por favor, aguarde um pouco e tente novamente.',
  },
  UPSTREAM_ERROR: {
    status: 502,
    messageKey: 'Errors.upstream',
    message: 'O serviço de animes está indisponível no momento. Tente novamente mais tarde.',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    messageKey: 'Errors.timeout',
    message: 'O serviço de animes demorou demais para responder. Tente novamente.',
  },
  INVALID_RESPONSE: {
    status: 502,
    messageKey: 'Errors.invalidResponse',
    message: 'Resposta da API não contém dados válidos',
  },
  UNAUTHORIZED: {
    status: 401,
    messageKey: 'Errors.unauthorized',
    message: 'Entre com sua conta Google para sincronizar seus dados.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    messageKey: 'Errors.payloadTooLarge',
    message: 'Dados grandes demais para uma só requisição.',
  },
  SYNC_RESET: {
    status: 409,
    messageKey: 'Errors.syncReset',
    message: 'Os dados sincronizados desta conta foram apagados em outro aparelho.',
  },
  INTERNAL: {
    status: 500,
    messageKey: 'Errors.generic',
    message: 'Ocorreu um erro inesperado. Tente novamente.',
  },
} as const satisfies Record<string, { status: number; messageKey: string; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface AppErrorOptions {
  /** Seconds a client should wait before retrying (RATE_LIMITED); becomes the Retry-After header. */
  retryAfterSeconds?: number;
  /** HTTP status the outside service answered with, when there was one (for logs, never sent). */
  upstreamStatus?: number;
  cause?: unknown;
}

/**
 * Marks every AppError. Next bundles the same module more than once (page bundle, route-handler
 * bundle), and process-wide objects (the rate limiter, the cache) are shared between them, so an
 * error thrown by one bundle's class reaches code holding another: `instanceof` would fail and
 * turn a 429 into a 500. `Symbol.for` is one symbol per process, whatever bundle asks.
 */
const APP_ERROR_BRAND = Symbol.for('anime-master.app-error');

/** Codes that carry a Retry-After header. */
const RETRY_CODES: readonly ErrorCode[] = ['RATE_LIMITED', 'TOO_MANY_REQUESTS'];

export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true;
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly upstreamStatus: number | undefined;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(
      message ?? ERRORS[code].message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.upstreamStatus = options.upstreamStatus;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }

  get messageKey(): string {
    return ERRORS[this.code].messageKey;
  }
}

/** RATE_LIMITED, telling the caller to come back once `waitMs` has passed (whole seconds, at least 1). */
export function rateLimited(waitMs: number): AppError {
  return new AppError('RATE_LIMITED', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/** An AppError from any bundle, recognised by its brand and a known code (never `instanceof`). */
export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { [APP_ERROR_BRAND]?: unknown; code?: unknown };
  if (candidate[APP_ERROR_BRAND] !== true) return false;
  if (typeof candidate.code !== 'string' || !Object.hasOwn(ERRORS, candidate.code)) return false;
  return code === undefined || candidate.code === code;
}

/** The anime database could not answer now (a 429 back-off, a 5xx, a timeout, a malformed body). */
const UPSTREAM_NOW = ['RATE_LIMITED', 'UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT', 'INVALID_RESPONSE'] as const;

/** `error` says the anime database cannot answer now: worth an 'unavailable' answer, not a 500. */
export function isUpstreamUnavailable(error: unknown): boolean {
  return UPSTREAM_NOW.some((code) => isAppError(error, code));
}

/**
 * The one mapper from any thrown value to the JSON error response of app/api. Unknown errors
 * become a generic 500: their message and stack may name internals, so they go to the log only.
 */
export function toErrorResponse(error: unknown): NextResponse<ApiErrorBody> {
  const known = isAppError(error);
  if (!known) log.error({ err: error }, 'unexpected error');
  const appError = known ? error : new AppError('INTERNAL');

  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (RETRY_CODES.includes(appError.code)) {
    const seconds = Number(appError.retryAfterSeconds);
    headers.set('Retry-After', String(Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60));
  }
  // Status from the table, not a getter: the error may come from another bundle's class.
  return NextResponse.json(
    { error: { code: appError.code, message: appError.message } },
    { status: ERRORS[appError.code].status, headers },
  );
}

import 'server-only';
import { NextResponse } from 'next/server';
import type { ApiErrorBody } from '@/lib/jikan/types';

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
  RATE_LIMITED: {
    status: 429,
    messageKey: 'Errors.rateLimited',
    message: 'API temporariamente indisponível. Tente novamente em alguns minutos.',
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

export class AppError extends Error {
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

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}

/**
 * The one mapper from any thrown value to the JSON error response of app/api. Unknown errors
 * become a generic 500: their message and stack may name internals, so they go to the log only.
 */
export function toErrorResponse(error: unknown): NextResponse<ApiErrorBody> {
  const appError = error instanceof AppError ? error : new AppError('INTERNAL');
  if (!(error instanceof AppError)) console.error('[api] unexpected error', error);

  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (appError.code === 'RATE_LIMITED') {
    headers.set('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds ?? 60))));
  }
  return NextResponse.json(
    { error: { code: appError.code, message: appError.message } },
    { status: appError.status, headers },
  );
}

import { describe, expect, it, vi } from 'vitest';
import { captureServerLog } from '@/test/support/log';
import type * as errorsModule from './errors';
import { AppError, ERRORS, isAppError, toErrorResponse, type ErrorCode } from './errors';

describe('error table', () => {
  it.each([
    ['INVALID_INPUT', 400, 'Errors.invalidInput'],
    ['INVALID_ID', 400, 'Errors.invalidId'],
    ['NOT_FOUND', 404, 'Errors.notFound'],
    ['RATE_LIMITED', 429, 'Errors.rateLimited'],
    ['TOO_MANY_REQUESTS', 429, 'Errors.tooManyRequests'],
    ['UPSTREAM_ERROR', 502, 'Errors.upstream'],
    ['UPSTREAM_TIMEOUT', 504, 'Errors.timeout'],
    ['INVALID_RESPONSE', 502, 'Errors.invalidResponse'],
    ['INTERNAL', 500, 'Errors.generic'],
  ] as const)('%s → HTTP %i and %s', (code, status, messageKey) => {
    const error = new AppError(code);
    expect(error.status).toBe(status);
    expect(error.messageKey).toBe(messageKey);
    expect(error.message).toBe(ERRORS[code].message);
  });

  it('uses the SPEC §8 wording for the fixed messages', () => {
    expect(new AppError('RATE_LIMITED').message).toBe(
      'API temporariamente indisponível. Tente novamente em alguns minutos.',
    );
    expect(new AppError('INVALID_ID').message).toBe('ID de anime inválido');
    expect(new AppError('INVALID_RESPONSE').message).toBe('Resposta da API não contém dados válidos');
  });

  it('recognises app errors by code', () => {
    const error = new AppError('NOT_FOUND', 'x');
    expect(isAppError(error)).toBe(true);
    expect(isAppError(error, 'NOT_FOUND')).toBe(true);
    expect(isAppError(error, 'INTERNAL')).toBe(false);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('errors from another bundle', () => {
  // Next bundles lib/server/errors.ts into the page bundle and the route-handler bundle of one
  // process; a fresh module instance here stands for the other bundle's copy of the class.
  async function otherBundle() {
    vi.resetModules();
    return (await import('./errors')) as typeof errorsModule;
  }

  it('recognises an AppError made by another copy of the class, by its brand and code', async () => {
    const other = await otherBundle();
    const foreign = new other.AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 8 });
    expect(foreign).not.toBeInstanceOf(AppError);
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(foreign, 'RATE_LIMITED')).toBe(true);
    expect(isAppError(foreign, 'NOT_FOUND')).toBe(false);
  });

  it('answers it with its own status and Retry-After, not a 500', async () => {
    const other = await otherBundle();
    const response = toErrorResponse(new other.AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 8 }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('8');
    expect((await response.json()).error.code).toBe('RATE_LIMITED');
  });

  it('does not trust a look-alike without the brand or with an unknown code', () => {
    expect(isAppError({ name: 'AppError', code: 'NOT_FOUND', message: 'x' })).toBe(false);
    const forged = Object.assign(new Error('x'), {
      [Symbol.for('anime-master.app-error')]: true,
      code: 'NOPE',
    });
    expect(isAppError(forged)).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});

describe('toErrorResponse', () => {
  it('answers {error:{code,message}} with the status of the code, never cached', async () => {
    const response = toErrorResponse(
      new AppError('NOT_FOUND', 'Anime com ID 5 não foi encontrado na base de dados.'),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Anime com ID 5 não foi encontrado na base de dados.' },
    });
  });

  it('sets Retry-After on 429, defaulting to 60 s', async () => {
    expect(
      toErrorResponse(new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 5 })).headers.get(
        'retry-after',
      ),
    ).toBe('5');
    expect(
      toErrorResponse(new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 0.2 })).headers.get(
        'retry-after',
      ),
    ).toBe('1');
    expect(
      toErrorResponse(new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: 4 })).headers.get(
        'retry-after',
      ),
    ).toBe('4');
    const fallback = toErrorResponse(new AppError('RATE_LIMITED'));
    expect(fallback.status).toBe(429);
    expect(fallback.headers.get('retry-after')).toBe('60');
  });

  it('turns anything else into a generic 500 that leaks no message or stack', async () => {
    const log = captureServerLog('error');
    for (const thrown of [
      new Error('secret at /srv/app/db.ts:12'),
      'a string',
      { code: 'NOT_FOUND' },
      undefined,
    ]) {
      const response = toErrorResponse(thrown);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: ERRORS.INTERNAL.message } });
      expect(text).not.toContain('secret');
      expect(text).not.toContain('stack');
    }
    // The log has what the answer leaves out: one error line each, the thrown error in `err`.
    expect(log.lines).toHaveLength(4);
    expect(log.lines[0]).toMatchObject({
      msg: 'unexpected error',
      err: { message: 'secret at /srv/app/db.ts:12' },
    });
    log.stop();
  });

  it('maps every code in the table', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      expect(toErrorResponse(new AppError(code)).status).toBe(ERRORS[code].status);
    }
  });
});

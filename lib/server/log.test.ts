import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LOG_LEVELS, logLevelSetting, serverEnv } from '@/lib/env';
import { jikanFetch } from '@/lib/jikan/client';
import { LEVEL, captureServerLog } from '@/test/support/log';
import { currentRequestId, readableLine, serverLog, startServerLog } from './log';
import { withRequestId } from './request-id';
import { freshProcess } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

const BASE = 'http://jikan.test/v4';
const okSchema = z.object({ data: z.object({ mal_id: z.number() }) });

function upstream(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

beforeEach(() => {
  process.env.JIKAN_BASE_URL = BASE;
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.JIKAN_TIMEOUT_MS = '1000';
  freshDataLayer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.JIKAN_BASE_URL;
  delete process.env.JIKAN_MIN_INTERVAL_MS;
  delete process.env.JIKAN_TIMEOUT_MS;
  freshDataLayer();
  freshProcess('log');
});

describe('the request id', () => {
  it("reaches the line of a call to the anime database, and the answer's X-Request-Id", async () => {
    const log = captureServerLog('debug');
    try {
      upstream(() => Response.json({ data: { mal_id: 1 } }));
      const route = withRequestId(async () => {
        const body = await jikanFetch('/anime/1', [], okSchema);
        return Response.json(body);
      });
      const response = await route(new Request('http://app.test/api/anime/1'));
      const id = response.headers.get('X-Request-Id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(log.matching(/anime database call/)).toEqual([
        expect.objectContaining({
          level: LEVEL.debug,
          component: 'jikan',
          requestId: id,
          path: '/anime/1',
          status: 200,
          ms: expect.any(Number),
          queueMs: expect.any(Number),
        }),
      ]);
      expect(log.matching(/^answered$/)).toEqual([
        expect.objectContaining({ level: LEVEL.info, requestId: id, path: '/api/anime/1', status: 200 }),
      ]);
    } finally {
      log.stop();
    }
  });

  it("takes the edge's well-formed id, and replaces a malformed one", async () => {
    const route = withRequestId(async () => Response.json({ id: currentRequestId() }));
    const edgeId = 'f3a9c0d1e2b34c5d6e7f8091a2b3c4d5';
    const kept = await route(new Request('http://app.test/api/x', { headers: { 'X-Request-Id': edgeId } }));
    expect(kept.headers.get('X-Request-Id')).toBe(edgeId);
    expect(await kept.json()).toEqual({ id: edgeId });
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'id"with{json}chars']) {
      const answer = await route(new Request('http://app.test/api/x', { headers: { 'X-Request-Id': bad } }));
      expect(answer.headers.get('X-Request-Id')).not.toBe(bad);
      expect(answer.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('names an outage at info with its status, and a refused turn at info', async () => {
    const log = captureServerLog('info');
    try {
      upstream(() => new Response('down', { status: 503 }));
      await expect(jikanFetch('/anime/2', [], okSchema)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
      upstream(() => new Response('slow down', { status: 429, headers: { 'Retry-After': '7' } }));
      await expect(jikanFetch('/anime/3', [], okSchema)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(log.lines.map(({ level, path, status, msg }) => ({ level, path, status, msg }))).toEqual([
        { level: LEVEL.info, path: '/anime/2', status: 503, msg: 'anime database: failed answer' },
        {
          level: LEVEL.info,
          path: '/anime/3',
          status: 429,
          msg: 'anime database: rate limited; no calls until Retry-After',
        },
      ]);
      // The 429's back-off is on: the next call is refused its turn, and that is logged too.
      await expect(jikanFetch('/anime/4', [], okSchema)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(log.matching(/no turn in time/)).toEqual([
        expect.objectContaining({
          level: LEVEL.info,
          path: '/anime/4',
          err: expect.objectContaining({ code: 'RATE_LIMITED' }),
        }),
      ]);
      // The debug line of each call is below info: filtered out.
      expect(log.matching(/anime database call/)).toEqual([]);
    } finally {
      log.stop();
    }
  });
});

describe('LOG_LEVEL', () => {
  it('filters lines below the level', () => {
    const log = captureServerLog('warn');
    try {
      const component = serverLog('test');
      component.debug('a debug line');
      component.info('an info line');
      component.warn('a warning');
      component.error({ err: new Error('outer', { cause: new Error('inner') }) }, 'an error');
      expect(log.lines.map((line) => line.msg)).toEqual(['a warning', 'an error']);
      expect(log.lines[1]?.err).toMatchObject({ message: 'outer', cause: { message: 'inner' } });
    } finally {
      log.stop();
    }
  });

  it('is info by default, and accepts any level in any case', () => {
    const previous = process.env.LOG_LEVEL;
    try {
      delete process.env.LOG_LEVEL;
      expect(logLevelSetting()).toBe('info');
      for (const level of LOG_LEVELS) {
        process.env.LOG_LEVEL = ` ${level.toUpperCase()} `;
        expect(logLevelSetting()).toBe(level);
      }
    } finally {
      process.env.LOG_LEVEL = previous;
    }
  });

  it('refuses a bad level with a message naming the variable, at start-up and in the settings', () => {
    const previous = process.env.LOG_LEVEL;
    try {
      process.env.LOG_LEVEL = 'verbose';
      freshProcess('log', 'env');
      expect(() => startServerLog()).toThrow(
        'Invalid environment: LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
      );
      expect(() => serverEnv()).toThrow(/Invalid environment: LOG_LEVEL: expected one of/);
    } finally {
      process.env.LOG_LEVEL = previous;
      freshProcess('env', 'log');
    }
  });
});

describe('readableLine', () => {
  it('writes a JSON line as time, level, component, message, fields, request and cause chain', () => {
    const line = JSON.stringify({
      level: 40,
      time: '2026-01-02T03:04:05.678Z',
      pid: 1,
      hostname: 'h',
      component: 'jikan',
      requestId: 'abc12345',
      key: 'anime:1',
      err: {
        type: 'AppError',
        message: 'down',
        code: 'UPSTREAM_ERROR',
        cause: { type: 'TypeError', message: 'fetch failed' },
      },
      msg: 'call failed',
    });
    expect(readableLine(line)).toBe(
      '03:04:05.678 WARN  [jikan] call failed  key=anime:1 req=abc12345\n' +
        '    AppError [UPSTREAM_ERROR]: down ← TypeError: fetch failed\n',
    );
  });
});

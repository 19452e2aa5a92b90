// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_STATS_KEY,
  CRITICAL_ERRORS_KEY,
  Logger,
  LOGS_KEY,
  logExportFileName,
  MAX_CRITICAL_ERRORS,
  MAX_LOGS,
} from './logger';

let clock = Date.parse('2026-11-23T12:00:00Z');
const make = () => new Logger({ storage: () => localStorage, now: () => clock, console: null });
const saved = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown[] | null;

beforeEach(() => {
  localStorage.clear();
  clock = Date.parse('2026-11-23T12:00:00Z');
});

describe('Logger', () => {
  it('starts at level info and ignores entries below it', () => {
    const log = make();
    expect(log.getLevel()).toBe('info');
    log.debug('hidden');
    log.info('shown', { a: 1 }, 'test');
    expect(log.getLogs().map((entry) => entry.message)).toEqual(['shown']);
    expect(log.getLogs()[0]).toMatchObject({ level: 'info', data: { a: 1 }, context: 'test', timestamp: '2026-11-23T12:00:00.000Z' });
    log.setLevel('debug');
    log.debug('now shown');
    expect(log.getLogs()).toHaveLength(2);
  });

  it("warns 'Invalid log level' for an unsupported level and keeps the current one", () => {
    const log = make();
    expect(log.setLevel('verbose')).toBe(false);
    expect(log.getLevel()).toBe('info');
    expect(log.log('loud', 'x')).toBeNull();
    const warnings = log.getLogs().filter((entry) => entry.message === 'Invalid log level');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.level).toBe('warn');
  });

  it('keeps at most 1000 entries, dropping the oldest', () => {
    const log = make();
    for (let index = 0; index < MAX_LOGS + 25; index++) log.info(`m${index}`);
    const logs = log.getLogs();
    expect(logs).toHaveLength(MAX_LOGS);
    expect(logs[0]?.message).toBe('m25');
  });

  it('saves after every 50 entries', () => {
    const log = make();
    for (let index = 0; index < 49; index++) log.info(`m${index}`);
    expect(saved(LOGS_KEY)).toBeNull();
    log.info('m49');
    expect(saved(LOGS_KEY)).toHaveLength(50);
    for (let index = 50; index < 99; index++) log.info(`m${index}`);
    expect(saved(LOGS_KEY)).toHaveLength(50);
    log.info('m99');
    expect(saved(LOGS_KEY)).toHaveLength(100);
  });

  it('saves after every 10 calls of one source, counting calls, errors and time', () => {
    const log = make();
    for (let index = 0; index < 9; index++) log.trackApiCall('animeApi', 100, index !== 0);
    expect(saved(API_STATS_KEY)).toBeNull();
    log.trackApiCall('streamingApi', 50);
    expect(saved(API_STATS_KEY)).toBeNull();
    log.trackApiCall('animeApi', 100);
    expect(saved(API_STATS_KEY)).toMatchObject({ animeApi: { calls: 10, errors: 1, totalDuration: 1000 } });
  });

  it('keeps the last 10 critical errors apart and saves them at once', () => {
    const log = make();
    for (let index = 0; index < MAX_CRITICAL_ERRORS + 3; index++) log.critical(`c${index}`);
    const critical = log.getCriticalErrors();
    expect(critical).toHaveLength(MAX_CRITICAL_ERRORS);
    expect(critical[0]?.message).toBe('c3');
    expect(saved(CRITICAL_ERRORS_KEY)).toHaveLength(MAX_CRITICAL_ERRORS);
  });

  it('warns about a call slower than 1000 ms, not one of exactly 1000 ms', () => {
    const log = make();
    log.trackApiCall('animeApi', 1000);
    expect(log.getLogs()).toHaveLength(0);
    log.trackApiCall('animeApi', 1001, true, '/api/anime/1');
    expect(log.getLogs()[0]).toMatchObject({ level: 'warn', message: 'Slow API call', data: { source: 'animeApi', durationMs: 1001 } });
  });

  it('warns once when a source passes its limit within 60 s, and again in a later window', () => {
    const log = make();
    const rateWarnings = () => log.getLogs().filter((entry) => entry.message === 'API rate limit exceeded');
    for (let index = 0; index < 60; index++) log.trackApiCall('animeApi', 1);
    expect(rateWarnings()).toHaveLength(0);
    log.trackApiCall('animeApi', 1);
    log.trackApiCall('animeApi', 1);
    expect(rateWarnings()).toHaveLength(1);
    expect(rateWarnings()[0]?.data).toMatchObject({ source: 'animeApi', limit: 60 });
    for (let index = 0; index < 100; index++) log.trackApiCall('streamingApi', 1);
    expect(rateWarnings()).toHaveLength(1);
    clock += 61_000;
    for (let index = 0; index < 61; index++) log.trackApiCall('animeApi', 1);
    expect(rateWarnings()).toHaveLength(2);
  });

  it('exports JSON with version 1.0.0 and a dated file name', () => {
    const log = make();
    log.error('boom', new Error('bad'));
    log.trackApiCall('identity', 20);
    const { fileName, json } = log.exportLogs();
    expect(fileName).toBe(logExportFileName(new Date(clock)));
    expect(fileName).toMatch(/^anime-master-logs-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(json) as { version: string; logs: { data: { message: string } }[]; apiStats: object };
    expect(body.version).toBe('1.0.0');
    expect(body.logs[0]?.data.message).toBe('bad');
    expect(body.apiStats).toHaveProperty('identity');
  });

  it('restores what an earlier visit saved', () => {
    const first = make();
    first.critical('saved');
    const second = make();
    second.info('new');
    expect(second.getLogs().map((entry) => entry.message)).toEqual(['saved', 'new']);
    expect(second.getCriticalErrors()).toHaveLength(1);
  });

  it('logs global errors and unhandled rejections without throwing', () => {
    const log = make();
    const undo = log.installGlobalHandlers(window);
    window.dispatchEvent(new ErrorEvent('error', { message: 'kaput', error: new Error('kaput') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    window.dispatchEvent(rejection);
    undo();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after' }));
    expect(log.getLogs().map((entry) => entry.message)).toEqual(['Unhandled error', 'Unhandled promise rejection']);
  });

  it('keeps working when storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const log = make();
    expect(() => log.critical('x')).not.toThrow();
    expect(log.getCriticalErrors()).toHaveLength(1);
    vi.restoreAllMocks();
  });
});

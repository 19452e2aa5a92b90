// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryRequest, ServerClock, type SyncHttpError } from './transport';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('the server clock', () => {
  it('keeps the offset seen in an answer across reloads', async () => {
    const clock = new ServerClock();
    expect(clock.offset).toBe(0);
    const serverTime = Date.now() - 2 * 24 * 3600_000;
    vi.stubGlobal('fetch', answer(200, { entries: [], serverTime }));
    await libraryRequest(clock, 'GET', '?since=0', 'token');
    expect(clock.offset).toBeLessThan(-47 * 3600_000);
    // A reload: a new clock reads the stored offset before any answer.
    const reloaded = new ServerClock();
    expect(Math.abs(reloaded.now() - serverTime)).toBeLessThan(5000);
  });

  it('a refusal for a stamp too far ahead says so and brings the server’s time', async () => {
    const clock = new ServerClock();
    const serverTime = Date.now() - 3 * 24 * 3600_000;
    vi.stubGlobal('fetch', answer(400, { error: { code: 'CLOCK_AHEAD', message: 'future' }, serverTime }));
    const error = (await libraryRequest(clock, 'POST', '', 'token', {}).catch(
      (caught: unknown) => caught,
    )) as SyncHttpError;
    expect(error.kind).toBe('clockAhead');
    expect(clock.offset).toBeLessThan(-71 * 3600_000);
  });

  it('a full library names the refused changes; a reset names the database generation', async () => {
    const clock = new ServerClock();
    vi.stubGlobal(
      'fetch',
      answer(422, { error: { code: 'LIBRARY_FULL', message: 'full' }, limit: 3, refused: ['rating:4'] }),
    );
    const full = (await libraryRequest(clock, 'POST', '', 'token', {}).catch(
      (caught: unknown) => caught,
    )) as SyncHttpError;
    expect(full.kind).toBe('full');
    expect(full.details).toEqual({ limit: 3, refused: ['rating:4'] });
    vi.stubGlobal('fetch', answer(409, { error: { code: 'SYNC_RESET' }, epoch: 'e2', generation: 'g2' }));
    const reset = (await libraryRequest(clock, 'POST', '', 'token', {}).catch(
      (caught: unknown) => caught,
    )) as SyncHttpError;
    expect(reset.kind).toBe('reset');
    expect(reset.details.generation).toBe('g2');
  });
});

/**
 * Integration tests against the project's fake upstream (e2e/fake-upstream): real HTTP, real
 * timers, and the fake's own call log as the witness of what reached "Jikan".
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getAnimeRoute } from '@/app/api/anime/[id]/route';
import { GET as searchRoute } from '@/app/api/anime/search/route';
import { AppError } from '@/lib/server/errors';
import { getStreamingEpisodes } from '@/lib/streaming';
import { translateToPortuguese } from '@/lib/translate';
import {
  getAnimeDetails,
  getSeasonNow,
  getTopAnime,
  isStopgapPage,
  searchAnime,
  suggestAnime,
} from './index';
import { freshProcess, provideProcessState } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';
import { InProcessCache } from '@/lib/server/cache';

const FAKE_DIR = path.resolve(__dirname, '../../e2e/fake-upstream');
const fakePresent = fs.existsSync(path.join(FAKE_DIR, 'server.mjs'));
if (!fakePresent) console.warn('e2e/fake-upstream not found — integration tests skipped');

interface Call {
  service: string;
  path: string;
  query: Record<string, string>;
  url: string;
  time: number;
  fault: string | null;
}
interface FakeControl {
  setFault(options: {
    service: string;
    mode: string;
    match?: string;
    retryAfter?: number | null;
    delayMs?: number;
    times?: number;
  }): Promise<string>;
  reset(): Promise<void>;
  calls(filter?: { service?: string; since?: number; match?: string }): Promise<Call[]>;
}

// Loaded by URL at run time: the fake is plain .mjs without type declarations.
async function loadFake() {
  const server = (await import(pathToFileURL(path.join(FAKE_DIR, 'server.mjs')).href)) as {
    startFakeUpstream(options: { port: number }): Promise<{ url: string; close(): Promise<void> }>;
  };
  const client = (await import(pathToFileURL(path.join(FAKE_DIR, 'client.mjs')).href)) as {
    fakeControl(baseUrl: string): FakeControl;
  };
  const fixtures = (await import(pathToFileURL(path.join(FAKE_DIR, 'fixtures.mjs')).href)) as Record<
    string,
    number
  >;
  return { ...server, ...client, fixtures };
}

const anon = { adult: false };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!fakePresent)('against the fake upstream', () => {
  let fake: { url: string; close(): Promise<void> };
  let control: FakeControl;
  let ids: Record<string, number>;

  /** Applies env for this test and forgets every singleton built from the previous env. */
  function configure(env: { interval?: number; timeout?: number } = {}) {
    process.env.JIKAN_BASE_URL = `${fake.url}/jikan/v4`;
    process.env.JIKAN_MIN_INTERVAL_MS = String(env.interval ?? 0);
    process.env.JIKAN_TIMEOUT_MS = String(env.timeout ?? 15_000);
    process.env.STREAMING_BASE_URLS = `${fake.url}/streaming/down,${fake.url}/streaming/main`;
    process.env.TRANSLATE_BASE_URL = `${fake.url}/translate`;
    freshProcess('env');
    freshDataLayer();
    freshProcess('streaming', 'translate');
  }

  const jikanCalls = (filter: { since?: number; match?: string } = {}) =>
    control.calls({ service: 'jikan', ...filter });

  beforeAll(async () => {
    const loaded = await loadFake();
    fake = await loaded.startFakeUpstream({ port: 0 });
    control = loaded.fakeControl(fake.url);
    ids = loaded.fixtures;
  });

  afterAll(async () => {
    await fake?.close();
    for (const name of [
      'JIKAN_BASE_URL',
      'JIKAN_MIN_INTERVAL_MS',
      'JIKAN_TIMEOUT_MS',
      'STREAMING_BASE_URLS',
      'TRANSLATE_BASE_URL',
    ]) {
      delete process.env[name];
    }
    freshDataLayer();
  });

  beforeEach(async () => {
    await control.reset();
    configure();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads real listings and details through the whole stack', async () => {
    const page = await searchAnime({ q: 'naruto' }, anon);
    expect(page.data.map((a) => a.id)).toContain(ids.ID_NARUTO);
    const details = await getAnimeDetails(ids.ID_NARUTO!);
    expect(details).toMatchObject({ id: ids.ID_NARUTO, title: 'Naruto' });
    const top = await getTopAnime({ limit: 10 }, anon);
    expect(top.data.length).toBeGreaterThan(0);
    expect(top.data.length).toBeLessThanOrEqual(10);
  });

  it('keeps at least 1200 ms between upstream calls under a burst of 12 distinct requests, in arrival order', async () => {
    // Four times Jikan's 3 requests a second, in one instant: every one of them waits its turn.
    const BURST = 12;
    configure({ interval: 1200, timeout: 60_000 });
    const started = Date.now();
    const pages = await Promise.all(
      Array.from({ length: BURST }, (_, i) => searchAnime({ q: `burst ${i}` }, anon)),
    );
    expect(pages.every((page) => !isStopgapPage(page))).toBe(true);

    const calls = await jikanCalls({ since: started });
    expect(calls).toHaveLength(BURST);
    const times = calls.map((call) => call.time);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    console.log(
      `[burst] ${BURST} calls in ${times.at(-1)! - times[0]!} ms; gaps ${Math.min(...gaps)}–${Math.max(...gaps)} ms`,
    );
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1200);
    // First come, first served: the calls reached the database in the order they were made.
    expect(calls.map((call) => call.query.q)).toEqual(Array.from({ length: BURST }, (_, i) => `burst ${i}`));
  }, 60_000);

  it('fails fast, without a call, when a request could not get its turn within the timeout', async () => {
    configure({ interval: 1200, timeout: 3000 });
    const started = Date.now();
    const timings: number[] = [];
    const pages = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        searchAnime({ q: `queue ${i}` }, anon).then((page) => {
          timings.push(Date.now() - started);
          return page;
        }),
      ),
    );
    // A turn must leave the call min(1000, timeout/4) = 750 ms of the 3000 ms: turns at 0 and
    // 1260 ms fit, the one at 2520 ms would not; the other eight are refused at once.
    expect(pages.filter((page) => isStopgapPage(page))).toHaveLength(8);
    expect(timings.filter((t) => t < 500)).toHaveLength(9);
    expect(await jikanCalls({ since: started })).toHaveLength(2);
  });

  it('makes 1 upstream call for 50 concurrent identical requests', async () => {
    configure({ interval: 1200 });
    const started = Date.now();
    const [pages, details] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => searchAnime({ q: 'One Piece' }, anon))),
      Promise.all(Array.from({ length: 50 }, () => getAnimeDetails(ids.ID_ONE_PIECE!))),
    ]);
    expect(new Set(pages.map((page) => JSON.stringify(page))).size).toBe(1);
    expect(details.every((d) => d.id === ids.ID_ONE_PIECE)).toBe(true);
    const calls = await jikanCalls({ since: started });
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/jikan/v4/anime',
      `/jikan/v4/anime/${ids.ID_ONE_PIECE}/full`,
    ]);
  });

  it('after a 429 with Retry-After: 5 makes no call for 5 s, serving cached entries (even expired)', async () => {
    provideProcessState('cache', { cache: new InProcessCache({ ttlMs: 500 }) });
    await searchAnime({ q: 'naruto' }, anon);
    await getAnimeDetails(ids.ID_NARUTO!);
    await sleep(600); // both entries are now past their life

    await control.setFault({ service: 'jikan', mode: '429', retryAfter: 5, times: 1 });
    const limitedAt = Date.now();
    const error = await getAnimeDetails(ids.ID_DEATH_NOTE!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'API temporariamente indisponível. Tente novamente em alguns minutos.',
    });
    const [hit429] = await jikanCalls({ since: limitedAt });
    expect(hit429?.fault).toBe('429');

    // While limited: stale entries are served, everything else is a stand-in, and nothing is sent.
    const stalePage = await searchAnime({ q: 'naruto' }, anon);
    expect(stalePage.data.map((a) => a.id)).toContain(ids.ID_NARUTO);
    expect((await getAnimeDetails(ids.ID_NARUTO!)).title).toBe('Naruto');
    expect(isStopgapPage(await searchAnime({ q: 'bleach' }, anon))).toBe(true);
    expect(isStopgapPage(await getTopAnime({}, anon))).toBe(true);
    await expect(getAnimeDetails(ids.ID_DEATH_NOTE!)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const response = await getAnimeRoute(new NextRequest('http://app.test/api/anime/1535'), {
      params: Promise.resolve({ id: String(ids.ID_DEATH_NOTE) }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(5);

    // Ask again and again until an answer comes (a condition, not the clock): no call may have
    // landed inside the back-off, and the first one after it succeeds.
    await vi.waitFor(
      async () => {
        expect(isStopgapPage(await searchAnime({ q: 'bleach' }, anon))).toBe(false);
      },
      { timeout: 15_000, interval: 250 },
    );
    const calls = await jikanCalls({ since: limitedAt });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const afterwards = calls.slice(1);
    expect(afterwards.every((call) => call.time >= hit429!.time + 5000)).toBe(true);
    expect(afterwards.every((call) => call.fault === null)).toBe(true);
  }, 30_000);

  it('falls back from a 404 on /anime/{id}/full to /anime/{id}', async () => {
    const started = Date.now();
    const details = await getAnimeDetails(ids.ID_BASIC_ONLY!);
    expect(details.id).toBe(ids.ID_BASIC_ONLY);
    const calls = await jikanCalls({ since: started });
    expect(calls.map((call) => call.path)).toEqual([
      `/jikan/v4/anime/${ids.ID_BASIC_ONLY}/full`,
      `/jikan/v4/anime/${ids.ID_BASIC_ONLY}`,
    ]);
  });

  it('reports an anime missing from both endpoints with the SPEC §8 message', async () => {
    await expect(getAnimeDetails(ids.ID_NOT_FOUND!)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `Anime com ID ${ids.ID_NOT_FOUND} não foi encontrado na base de dados.`,
    });
  });

  it('ends a hanging call at the configured timeout with the SPEC §8 message', async () => {
    configure({ timeout: 500 });
    await control.setFault({ service: 'jikan', mode: 'hang', match: `/anime/${ids.ID_DEATH_NOTE}` });
    const started = Date.now();
    await expect(getAnimeDetails(ids.ID_DEATH_NOTE!)).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      message: `Não foi possível carregar os detalhes do anime ${ids.ID_DEATH_NOTE}. Tente novamente mais tarde.`,
    });
    const elapsed = Date.now() - started;
    // One timeout for the whole request: the basic record is tried only after a 404 of /full.
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(1500);
    expect((await jikanCalls({ since: started })).map((call) => call.path)).toEqual([
      `/jikan/v4/anime/${ids.ID_DEATH_NOTE}/full`,
    ]);

    const response = await getAnimeRoute(new NextRequest('http://app.test/api/anime/1535'), {
      params: Promise.resolve({ id: String(ids.ID_DEATH_NOTE) }),
    });
    expect(response.status).toBe(504);
    expect(response.headers.get('cache-control')).toBe('no-store');

    await control.setFault({ service: 'jikan', mode: 'hang', match: 'q=' });
    const listStarted = Date.now();
    expect(isStopgapPage(await searchAnime({ q: 'hang' }, anon))).toBe(true);
    expect(Date.now() - listStarted).toBeLessThan(2000);
  });

  it('turns malformed JSON into a clean error, and an empty page for listings', async () => {
    await control.setFault({ service: 'jikan', mode: 'malformed' });
    await expect(getAnimeDetails(ids.ID_FMA!)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Resposta da API não contém dados válidos',
    });
    expect(isStopgapPage(await searchAnime({ q: 'fullmetal' }, anon))).toBe(true);

    const response = await getAnimeRoute(new NextRequest('http://app.test/api/anime/121'), {
      params: Promise.resolve({ id: String(ids.ID_FMA) }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: 'INVALID_RESPONSE', message: 'Resposta da API não contém dados válidos' },
    });
  });

  it.each(['500', '503', '504'])('serves an empty page, then the stale copy, on HTTP %s', async (mode) => {
    provideProcessState('cache', { cache: new InProcessCache({ ttlMs: 100 }) });
    const warm = await searchAnime({ q: 'death note' }, anon);
    await sleep(150);
    await control.setFault({ service: 'jikan', mode });
    expect(await searchAnime({ q: 'death note' }, anon)).toEqual(warm);
    expect(isStopgapPage(await searchAnime({ q: 'frieren' }, anon))).toBe(true);
  });

  it('refuses hostile input with 400 and makes no upstream call', async () => {
    const started = Date.now();
    const search = (q: string) =>
      searchRoute(new NextRequest(`http://app.test/api/anime/search?q=${encodeURIComponent(q)}`));
    const longQuery = await search('a'.repeat(10_000));
    expect(longQuery.status).toBe(400);
    expect((await longQuery.json()).error.code).toBe('INVALID_INPUT');

    for (const id of [
      '-1',
      '0',
      'abc',
      '1e309',
      '99999999999999999999',
      '1.5',
      '<script>',
      '../',
      '..%2F..%2Fetc',
    ]) {
      const response = await getAnimeRoute(
        new NextRequest(`http://app.test/api/anime/${encodeURIComponent(id)}`),
        {
          params: Promise.resolve({ id }),
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'INVALID_ID', message: 'ID de anime inválido' },
      });
    }
    expect(await control.calls({ since: started })).toEqual([]);
  });

  it('sends <script> and ../ in q as URL-encoded text, never into the path, never reflected', async () => {
    const started = Date.now();
    for (const q of ['<script>alert(1)</script>', '../../../etc/passwd']) {
      const response = await searchRoute(
        new NextRequest(`http://app.test/api/anime/search?q=${encodeURIComponent(q)}`),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('<script>');
    }
    const calls = await jikanCalls({ since: started });
    expect(calls.map((call) => call.path)).toEqual(['/jikan/v4/anime', '/jikan/v4/anime']);
    expect(calls.map((call) => call.query.q)).toEqual(['<script>alert(1)</script>', '../../../etc/passwd']);
    expect(calls.every((call) => !call.url.includes('<'))).toBe(true);
  });

  it('makes no call for a blank search or a one-letter suggestion', async () => {
    const started = Date.now();
    await searchAnime({ q: '   ' }, anon);
    await suggestAnime('n', anon);
    expect(await jikanCalls({ since: started })).toEqual([]);
  });

  it('hides adult records from anonymous visitors', async () => {
    const forAdults = (await getSeasonNow({ limit: 25 }, { adult: true })).data.map((a) => a.id);
    const forAnyone = (await getSeasonNow({ limit: 25 }, anon)).data.map((a) => a.id);
    expect(forAdults).toEqual(expect.arrayContaining([ids.ID_ADULT, ids.ID_ADULT_MILD]));
    expect(forAnyone.length).toBeGreaterThan(0);
    for (const id of [ids.ID_ADULT, ids.ID_ADULT_MILD, ids.ID_HAREM_THEME])
      expect(forAnyone).not.toContain(id);
    expect(forAdults).not.toContain(ids.ID_UNAPPROVED);
  });

  describe('streaming and translate', () => {
    it('skips the host that is down and lists the episodes from the next, sorted', async () => {
      const started = Date.now();
      const episodes = await getStreamingEpisodes('Naruto');
      expect(episodes).not.toBeNull();
      expect(episodes!.length).toBe(12);
      expect(episodes!.map((e) => e.number)).toEqual(
        [...episodes!.map((e) => e.number)].sort((a, b) => a - b),
      );
      const calls = await control.calls({ service: 'streaming', since: started });
      expect(calls[0]!.path).toBe('/streaming/down/anime/gogoanime/test');
      expect(calls.slice(1).every((call) => call.path.startsWith('/streaming/main/'))).toBe(true);
    });

    it('answers null when nothing matches or the provider fails', async () => {
      expect(await getStreamingEpisodes('zzz-no-such-anime')).toBeNull();
      await control.setFault({ service: 'streaming', mode: '500' });
      expect(await getStreamingEpisodes('Death Note')).toBeNull();
    });

    it('translates, and keeps the original when the translator fails', async () => {
      const text = 'A boy finds a notebook. It kills.';
      const translated = await translateToPortuguese(text);
      expect(translated).not.toBe(text);
      expect(translated.length).toBeGreaterThan(0);
      freshProcess('translate');
      await control.setFault({ service: 'translate', mode: '500' });
      expect(await translateToPortuguese(text)).toBe(text);
    });
  });
});

import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getById } from './anime/[id]/route';
import { GET as getPopular } from './anime/popular/route';
import { GET as getSearch } from './anime/search/route';
import { GET as getSeason } from './anime/season/route';
import { GET as getSuggest } from './anime/suggest/route';
import { GET as getTop } from './anime/top/route';
import { GET as getEpisodes } from './streaming/episodes/route';
import { freshProcess } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';
import { json, stubUpstream, type UpstreamHandler } from '@/test/support/fetch';

const ORIGIN = 'http://app.test';
const CDN = 'public, s-maxage=600, stale-while-revalidate=86400';

function record(id: number, overrides: Record<string, unknown> = {}) {
  return { mal_id: id, title: `Anime ${id}`, rating: 'PG-13 - Teens 13 or older', genres: [], ...overrides };
}

let calls: URL[] = [];
let respond: UpstreamHandler;

beforeEach(() => {
  process.env.JIKAN_BASE_URL = 'http://jikan.test/v4';
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.STREAMING_BASE_URLS = 'http://stream.test';
  process.env.TRANSLATE_BASE_URL = 'http://translate.test';
  freshDataLayer();
  freshProcess('streaming', 'streaming-by-anime', 'translate');
  respond = () =>
    json({ data: [record(1), record(2, { rating: 'Rx - Hentai' })], pagination: { has_next_page: true } });
  calls = stubUpstream((url) => respond(url));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of [
    'JIKAN_BASE_URL',
    'JIKAN_MIN_INTERVAL_MS',
    'STREAMING_BASE_URLS',
    'TRANSLATE_BASE_URL',
  ]) {
    delete process.env[name];
  }
  freshDataLayer();
});

const get = (path: string) => new NextRequest(new URL(path, ORIGIN));
const idContext = (id: string) => ({ params: Promise.resolve({ id }) });

async function expectBadRequest(response: Response, code: 'INVALID_INPUT' | 'INVALID_ID') {
  expect(response.status).toBe(400);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body;
}

describe('GET /api/anime/search', () => {
  it('answers an AnimePage a CDN may keep, without adult records', async () => {
    const response = await getSearch(get('/api/anime/search?q=naruto&page=2&order_by=score&sort=desc'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(CDN);
    const body = await response.json();
    expect(body).toMatchObject({ pagination: { page: 2, hasNextPage: true } });
    expect(body.data.map((a: { id: number }) => a.id)).toEqual([1]);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      q: 'naruto',
      page: '2',
      limit: '25',
      order_by: 'score',
      sort: 'desc',
    });
  });

  it('never takes the adult flag from the query string', async () => {
    const body = await (await getSearch(get('/api/anime/search?q=x&adult=true&adult=1'))).json();
    expect(body.data.map((a: { id: number }) => a.id)).toEqual([1]);
    expect(calls[0]!.searchParams.has('adult')).toBe(false);
  });

  it('answers an empty page for a blank or missing q with no upstream call', async () => {
    for (const path of ['/api/anime/search', '/api/anime/search?q=', '/api/anime/search?q=%20%20']) {
      const response = await getSearch(get(path));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: [], pagination: { page: 1, hasNextPage: false } });
    }
    expect(calls).toHaveLength(0);
  });

  it('accepts a q of 200 characters and refuses 201, counted after trimming', async () => {
    expect((await getSearch(get(`/api/anime/search?q=${'a'.repeat(200)}`))).status).toBe(200);
    expect((await getSearch(get(`/api/anime/search?q=%20%20${'b'.repeat(200)}%20%20`))).status).toBe(200);
    calls = [];
    await expectBadRequest(await getSearch(get(`/api/anime/search?q=${'a'.repeat(201)}`)), 'INVALID_INPUT');
    await expectBadRequest(
      await getSearch(get(`/api/anime/search?q=${'x'.repeat(10_000)}`)),
      'INVALID_INPUT',
    );
    expect(calls).toHaveLength(0);
  });

  it.each(['0', '-1', '1001', '1.5', 'abc', '1e3', '99999999999999999999', '0x10'])(
    'refuses page=%s with 400 and no upstream call',
    async (page) => {
      const body = await expectBadRequest(
        await getSearch(get(`/api/anime/search?q=x&page=${page}`)),
        'INVALID_INPUT',
      );
      expect(body.error.message).toContain('page');
      expect(calls).toHaveLength(0);
    },
  );

  it('treats <script> and ../ in q as text: encoded upstream, never reflected', async () => {
    const q = '<script>alert(1)</script>../../etc/passwd';
    const response = await getSearch(get(`/api/anime/search?q=${encodeURIComponent(q)}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).not.toContain('<script>');
    expect(calls[0]!.pathname).toBe('/v4/anime');
    expect(calls[0]!.searchParams.get('q')).toBe(q);

    const tooLong = await getSearch(get(`/api/anime/search?q=${encodeURIComponent(q.repeat(10))}`));
    expect(await tooLong.text()).not.toContain('<script>');
  });

  it('answers an upstream failure as an error, never as an empty result', async () => {
    respond = () => new Response('', { status: 503 });
    const response = await getSearch(get('/api/anime/search?q=x'));
    expect(response.status).toBe(502);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: { code: 'UPSTREAM_ERROR', message: expect.any(String) as string },
    });
  });

  it('answers a rate-limited listing with 429 and Retry-After', async () => {
    respond = () => new Response('', { status: 429, headers: { 'retry-after': '7' } });
    const response = await getSearch(get('/api/anime/search?q=limited'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /api/anime/suggest', () => {
  it('answers up to 5 for 2+ characters', async () => {
    const response = await getSuggest(get('/api/anime/suggest?q=na'));
    expect(response.status).toBe(200);
    expect(calls[0]!.searchParams.get('limit')).toBe('5');
  });

  it('answers an empty 200 below 2 characters, with no call', async () => {
    for (const q of ['', 'a', '%20a%20']) {
      const response = await getSuggest(get(`/api/anime/suggest?q=${q}`));
      expect(response.status).toBe(200);
      expect((await response.json()).data).toEqual([]);
    }
    expect(calls).toHaveLength(0);
  });

  it('refuses a q over 200 characters', async () => {
    await expectBadRequest(await getSuggest(get(`/api/anime/suggest?q=${'a'.repeat(201)}`)), 'INVALID_INPUT');
    expect(calls).toHaveLength(0);
  });
});

describe.each([
  ['top', getTop, '/v4/top/anime'],
  ['season', getSeason, '/v4/seasons/now'],
  ['popular', getPopular, '/v4/anime'],
])('GET /api/anime/%s', (name, handler, upstreamPath) => {
  it('answers an AnimePage', async () => {
    const response = await handler(get(`/api/anime/${name}?page=1&limit=10`));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(CDN);
    expect((await response.json()).data.map((a: { id: number }) => a.id)).toEqual([1]);
    expect(calls[0]!.pathname).toBe(upstreamPath);
    expect(calls[0]!.searchParams.get('limit')).toBe('10');
  });

  it.each(['limit=0', 'limit=26', 'limit=abc', 'page=0', 'page=1001', 'page=-1', 'limit=2.5'])(
    'refuses %s with 400 and no call',
    async (query) => {
      await expectBadRequest(await handler(get(`/api/anime/${name}?${query}`)), 'INVALID_INPUT');
      expect(calls).toHaveLength(0);
    },
  );
});

describe('GET /api/anime/[id]', () => {
  it('answers { data: AnimeDetails } a CDN may keep', async () => {
    respond = () => json({ data: record(20, { title: 'Naruto' }) });
    const response = await getById(get('/api/anime/20'), idContext('20'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(CDN);
    const body = await response.json();
    expect(body.data).toMatchObject({ id: 20, title: 'Naruto', studios: [], externalLinks: [] });
  });

  it('gives anyone without verified adult access only the gated form of an adult record', async () => {
    respond = () =>
      json({
        data: record(90105, {
          title: 'Akai Yokujou',
          rating: 'Rx - Hentai',
          synopsis: 'explicit',
          images: { jpg: { image_url: 'http://img.test/a.jpg', large_image_url: 'http://img.test/a-l.jpg' } },
          trailer: { youtube_id: 'abc' },
        }),
      });
    const forged = new NextRequest(new URL('/api/anime/90105?adult=true', ORIGIN), {
      headers: { 'X-Adult': 'true', Authorization: 'Bearer not-a-token' },
    });
    const response = await getById(forged, idContext('90105'));
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toBe('Authorization, Cookie');
    const body = await response.json();
    expect(body.data).toMatchObject({ id: 90105, title: 'Akai Yokujou', adult: true });
    for (const field of ['synopsis', 'images', 'trailerYoutubeId', 'externalLinks', 'banner']) {
      expect(body.data).not.toHaveProperty(field);
    }
  });

  it.each([
    '-1',
    '0',
    'abc',
    '1e309',
    '99999999999999999999',
    '1.5',
    '9007199254740993',
    ' 1',
    '0x1',
    '',
    '../1',
    '10000000',
    '1234567890123456',
  ])('refuses id %j with 400 INVALID_ID and no call', async (id) => {
    const body = await expectBadRequest(await getById(get('/api/anime/x'), idContext(id)), 'INVALID_ID');
    expect(body.error.message).toBe('ID de anime inválido');
    expect(calls).toHaveLength(0);
  });

  it('answers 404 with the SPEC §8 message', async () => {
    respond = () => json({ status: 404, message: 'Resource does not exist' }, 404);
    const response = await getById(get('/api/anime/999999'), idContext('999999'));
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Anime com ID 999999 não foi encontrado na base de dados.' },
    });
  });

  it('answers 429 with Retry-After when the database rate limits us', async () => {
    respond = () => new Response('', { status: 429, headers: { 'Retry-After': '7' } });
    const response = await getById(get('/api/anime/5'), idContext('5'));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(6);
    expect((await response.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'API temporariamente indisponível. Tente novamente em alguns minutos.',
    });
  });

  it('accepts the largest id MyAnimeList can have (7 digits)', async () => {
    respond = () => json({ data: record(9_999_999) });
    expect((await getById(get('/api/anime/9999999'), idContext('9999999'))).status).toBe(200);
  });

  it.each([
    ['Rx', { rating: 'Rx - Hentai' }],
    ['R+', { rating: 'R+ - Mild Nudity' }],
    ['an adult genre', { genres: [{ mal_id: 9, type: 'anime', name: 'Ecchi', url: 'x' }] }],
    ['an adult theme', { themes: [{ mal_id: 35, type: 'anime', name: 'Harem', url: 'x' }] }],
  ])('answers an anonymous caller a gated stub for a record adult by %s', async (_label, adult) => {
    respond = () =>
      json({
        data: record(5042, {
          title: 'Kiss x Sis',
          synopsis: 'secret synopsis',
          images: { jpg: { image_url: 'https://cdn.myanimelist.net/images/anime/5042.jpg' } },
          trailer: { youtube_id: 'abcdefghijk' },
          external: [{ name: 'Official Site', url: 'https://kissxsis.example/' }],
          ...adult,
        }),
      });
    const response = await getById(get('/api/anime/5042'), idContext('5042'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(CDN);
    expect(response.headers.get('vary')).toBe('Authorization, Cookie');
    const text = await response.text();
    for (const secret of ['secret synopsis', 'cdn.myanimelist.net', 'abcdefghijk', 'kissxsis.example']) {
      expect(text).not.toContain(secret);
    }
    const { data } = JSON.parse(text);
    expect(data).toMatchObject({ id: 5042, title: 'Kiss x Sis', adult: true });
    expect(Object.keys(data).sort()).toEqual(
      ['adult', 'genres', 'id', 'rating', 'title', 'titleEnglish', 'titleJapanese'].sort(),
    );
  });

  it('answers the full record of a non-adult anime without the adult flag', async () => {
    respond = () => json({ data: record(20, { synopsis: 'Ninja.' }) });
    const { data } = await (await getById(get('/api/anime/20'), idContext('20'))).json();
    expect(data.synopsis).toBe('Ninja.');
    expect(data.adult).toBeUndefined();
  });

  it("cuts one client's burst of new ids off with 429 TOO_MANY_REQUESTS, while another client and cached ids stay free", async () => {
    process.env.CLIENT_MISS_BURST = '3';
    process.env.CLIENT_MISS_PER_MINUTE = '6';
    // Two proxies in front (a CDN, then nginx): the client is the second entry from the right.
    process.env.TRUSTED_PROXY_HOPS = '2';
    freshDataLayer();
    respond = (url) => json({ data: record(Number(url.pathname.split('/')[3])) });
    const from = (client: string, id: number) =>
      getById(
        new NextRequest(`${ORIGIN}/api/anime/${id}`, {
          headers: { 'X-Forwarded-For': `${client}, 10.0.0.1` },
        }),
        idContext(String(id)),
      );
    try {
      for (const id of [1, 2, 3]) expect((await from('203.0.113.9', id)).status).toBe(200);
      const refused = await from('203.0.113.9', 4);
      expect(refused.status).toBe(429);
      // A burst of three, refilled one every 10 s: the next request is back within 10 s.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(5);
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(await refused.json()).toEqual({
        error: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Você fez muitas requisições à API. Por favor, aguarde um pouco e tente novamente.',
        },
      });
      // Cached answers cost nothing, even for the client out of budget.
      expect((await from('203.0.113.9', 2)).status).toBe(200);
      // Another client is untouched.
      expect((await from('198.51.100.7', 4)).status).toBe(200);
      expect(calls).toHaveLength(4);
    } finally {
      delete process.env.CLIENT_MISS_BURST;
      delete process.env.CLIENT_MISS_PER_MINUTE;
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });

  it('answers 502 for other upstream failures', async () => {
    respond = () => new Response('', { status: 500 });
    const response = await getById(get('/api/anime/5'), idContext('5'));
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toBe(
      'Não foi possível carregar os detalhes do anime 5. Tente novamente mais tarde.',
    );
  });
});

describe('GET /api/streaming/episodes', () => {
  const provider = (url: URL) => {
    if (url.hostname === 'jikan.test') {
      const id = Number(url.pathname.split('/')[3]);
      if (id === 404) return json({ status: 404 }, 404);
      return json({ data: record(id, id === 6 ? { rating: 'R+ - Mild Nudity' } : { title: `Show ${id}` }) });
    }
    if (url.pathname.endsWith('/test')) return json({}, 404);
    if (url.pathname.includes('/info/')) return json({ episodes: [{ id: 'e1', number: 1 }] });
    return json({ results: [{ id: 'show' }] });
  };

  it('answers { data: Episode[] } for an anime id, searching the title of its own record', async () => {
    respond = provider;
    const response = await getEpisodes(get('/api/streaming/episodes?id=5'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(CDN);
    expect(await response.json()).toEqual({ data: [{ id: 'e1', number: 1, title: null, url: null }] });
    const search = calls.find(
      (url) =>
        url.hostname === 'stream.test' && !url.pathname.endsWith('/test') && !url.pathname.includes('/info/'),
    );
    expect(decodeURIComponent(search!.pathname)).toContain('/Show 5');
  });

  it('asks nobody twice for the same id, "none" included', async () => {
    respond = provider;
    await getEpisodes(get('/api/streaming/episodes?id=5'));
    await getEpisodes(get('/api/streaming/episodes?id=404'));
    const before = calls.length;
    expect(await (await getEpisodes(get('/api/streaming/episodes?id=5'))).json()).toMatchObject({
      data: [{ id: 'e1' }],
    });
    expect(await (await getEpisodes(get('/api/streaming/episodes?id=404'))).json()).toEqual({ data: null });
    expect(calls).toHaveLength(before);
  });

  it('gives an unknown id null without a provider call', async () => {
    respond = provider;
    const response = await getEpisodes(get('/api/streaming/episodes?id=404'));
    expect(await response.json()).toEqual({ data: null });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(calls.filter((url) => url.hostname === 'stream.test')).toHaveLength(0);
  });

  it('gives an adult record null to an anonymous caller, without a provider call', async () => {
    respond = provider;
    const response = await getEpisodes(get('/api/streaming/episodes?id=6'));
    expect(await response.json()).toEqual({ data: null });
    expect(calls.filter((url) => url.hostname === 'stream.test')).toHaveLength(0);
  });

  it('answers { data: null } when the provider fails, not cached', async () => {
    respond = (url) => (url.hostname === 'jikan.test' ? provider(url) : new Response('', { status: 503 }));
    const down = await getEpisodes(get('/api/streaming/episodes?id=7'));
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ data: null });
    expect(down.headers.get('cache-control')).toBe('no-store');
  });

  it("charges a client's record and provider lookups to its budget: over it, 429 and no call", async () => {
    process.env.CLIENT_MISS_BURST = '2';
    process.env.CLIENT_MISS_PER_MINUTE = '2';
    process.env.TRUSTED_PROXY_HOPS = '1';
    freshDataLayer();
    respond = provider;
    const from = (client: string, id: number) =>
      getEpisodes(
        new NextRequest(`${ORIGIN}/api/streaming/episodes?id=${id}`, {
          headers: { 'X-Forwarded-For': client },
        }),
      );
    try {
      // A new id costs two lookups: its record and the provider's episodes.
      expect((await from('203.0.113.9', 5)).status).toBe(200);
      const before = calls.length;
      const refused = await from('203.0.113.9', 8);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('TOO_MANY_REQUESTS');
      expect(calls).toHaveLength(before);
      // What is known costs nothing; another client has its own budget.
      expect((await from('203.0.113.9', 5)).status).toBe(200);
      expect(await (await from('198.51.100.7', 8)).json()).toMatchObject({ data: [{ id: 'e1' }] });
    } finally {
      delete process.env.CLIENT_MISS_BURST;
      delete process.env.CLIENT_MISS_PER_MINUTE;
      delete process.env.TRUSTED_PROXY_HOPS;
      freshDataLayer();
    }
  });

  it.each(['', '?id=', '?id=abc', '?id=-1', '?id=0', '?id=99999999999', '?title=Naruto'])(
    'refuses %j with 400 and no call',
    async (query) => {
      await expectBadRequest(await getEpisodes(get(`/api/streaming/episodes${query}`)), 'INVALID_ID');
      expect(calls).toHaveLength(0);
    },
  );
});

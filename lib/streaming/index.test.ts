import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEVEL, captureServerLog } from '@/test/support/log';
import { getStreamingEpisodes } from './index';
import { freshProcess } from '@/test/support/process';
import { json, stubUpstream, type UpstreamHandler as Handler } from '@/test/support/fetch';

/** A healthy provider that knows Spy x Family, with its episodes out of order. */
const provider: Handler = (url) => {
  const path = url.pathname.replace(/^\/(a|b|c)/, '');
  if (path === '/anime/gogoanime/test') return json({ message: 'Not Found' }, 404);
  if (path === '/anime/gogoanime/info/spy-x-family') {
    return json({
      id: 'spy-x-family',
      episodes: [
        { id: 'spy-x-family-episode-2', number: 2, url: 'https://gogo.example/spy-x-family-episode-2' },
        { id: 'spy-x-family-episode-10', number: '10', url: 'javascript:alert(1)' },
        { id: 'spy-x-family-episode-1', number: 1, title: ' The spy ', url: null },
        { id: '', number: 3 },
        { number: 4 },
      ],
    });
  }
  if (path.startsWith('/anime/gogoanime/')) {
    const title = decodeURIComponent(path.slice('/anime/gogoanime/'.length));
    return json({ currentPage: 1, results: title === 'Spy x Family' ? [{ id: 'spy-x-family', title }] : [] });
  }
  return json({ message: 'Not Found' }, 404);
};

function setHosts(...hosts: string[]) {
  process.env.STREAMING_BASE_URLS = hosts.join(',');
  freshProcess('env');
}

let log: ReturnType<typeof captureServerLog>;

beforeEach(() => {
  setHosts('http://stream.test/a', 'http://stream.test/b');
  freshProcess('streaming', 'cache', 'redis');
  log = captureServerLog('info');
});

afterEach(() => log.stop());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete process.env.STREAMING_BASE_URLS;
  freshProcess('env', 'streaming');
});

describe('getStreamingEpisodes', () => {
  it('searches, takes the first result, and returns its episodes sorted by number', async () => {
    const calls = stubUpstream(provider);
    const episodes = await getStreamingEpisodes('Spy x Family');
    expect(episodes).toEqual([
      { id: 'spy-x-family-episode-1', number: 1, title: 'The spy', url: null },
      {
        id: 'spy-x-family-episode-2',
        number: 2,
        title: null,
        url: 'https://gogo.example/spy-x-family-episode-2',
      },
      { id: 'spy-x-family-episode-10', number: 10, title: null, url: null },
    ]);
    expect(calls.map((u) => u.pathname + u.search)).toEqual([
      '/a/anime/gogoanime/test',
      '/a/anime/gogoanime/Spy%20x%20Family?page=1',
      '/a/anime/gogoanime/info/spy-x-family',
    ]);
  });

  it('caches the answer and the host health', async () => {
    const calls = stubUpstream(provider);
    await getStreamingEpisodes('Spy x Family');
    await getStreamingEpisodes('  spy x family ');
    expect(calls).toHaveLength(3);
    expect(await getStreamingEpisodes('Nothing Here')).toBeNull();
    // No second probe: health is cached for 5 minutes.
    expect(calls.filter((u) => u.pathname.endsWith('/test'))).toHaveLength(1);
  });

  it('skips a host that is down and uses the next one', async () => {
    const calls = stubUpstream((url) =>
      url.pathname.startsWith('/a/') ? new Response('', { status: 503 }) : provider(url),
    );
    expect(await getStreamingEpisodes('Spy x Family')).toHaveLength(3);
    expect(calls[0]!.pathname).toBe('/a/anime/gogoanime/test');
    expect(calls.slice(1).every((u) => u.pathname.startsWith('/b/'))).toBe(true);
    expect(log.matching(/is down/)).toEqual([
      expect.objectContaining({ level: LEVEL.warn, host: 'http://stream.test/a' }),
    ]);
  });

  it('treats a probe that cannot connect as down', async () => {
    stubUpstream((url) =>
      url.pathname.startsWith('/a/') ? Promise.reject(new TypeError('fetch failed')) : provider(url),
    );
    expect(await getStreamingEpisodes('Spy x Family')).toHaveLength(3);
  });

  it('moves to the next host when a lookup fails on the server side, and marks the first down', async () => {
    const calls = stubUpstream((url) =>
      url.pathname.startsWith('/a/') && !url.pathname.endsWith('/test')
        ? new Response('', { status: 500 })
        : provider(url),
    );
    expect(await getStreamingEpisodes('Spy x Family')).toHaveLength(3);
    expect(log.matching(/HTTP 500/)).toEqual([expect.objectContaining({ level: LEVEL.error, status: 500 })]);
    const before = calls.length;
    await getStreamingEpisodes('Another Title');
    expect(calls.slice(before).some((u) => u.pathname.startsWith('/a/'))).toBe(false);
  });

  it.each([
    ['an empty title', ''],
    ['a blank title', '   '],
  ])('answers null for %s without a call', async (_label, title) => {
    const calls = stubUpstream(provider);
    expect(await getStreamingEpisodes(title)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('answers null when no host is configured or none is up', async () => {
    setHosts();
    stubUpstream(provider);
    expect(await getStreamingEpisodes('Spy x Family')).toBeNull();

    setHosts('http://stream.test/a');
    freshProcess('streaming');
    stubUpstream(() => new Response('', { status: 503 }));
    expect(await getStreamingEpisodes('Spy x Family')).toBeNull();
  });

  it('answers null when there is no result', async () => {
    stubUpstream(provider);
    expect(await getStreamingEpisodes('Zzz No Such Anime')).toBeNull();
  });

  it.each([
    ['a 404', () => json({ message: 'Not Found' }, 404), 'info'],
    ['a 429', () => json({ message: 'Too Many Requests' }, 429), 'warn'],
    ['a 500', () => json({ message: 'boom' }, 500), 'error'],
    ['a network error', () => Promise.reject(new TypeError('fetch failed')), 'warn'],
    ['malformed JSON', () => new Response('{', { status: 200 }), 'error'],
  ] as [string, Handler, 'info' | 'warn' | 'error'][])(
    'answers null, never throws, on %s and logs it at %s level',
    async (_label, failure, level) => {
      setHosts('http://stream.test/a');
      stubUpstream((url) => (url.pathname.endsWith('/test') ? provider(url) : failure(url)));
      await expect(getStreamingEpisodes('Spy x Family')).resolves.toBeNull();
      expect(log.lines.map((line) => line.level)).toContain(LEVEL[level]);
    },
  );

  it('does not remember failures', async () => {
    setHosts('http://stream.test/a');
    let fail = true;
    stubUpstream((url) =>
      fail && url.pathname.includes('/info/') ? new Response('', { status: 404 }) : provider(url),
    );
    expect(await getStreamingEpisodes('Spy x Family')).toBeNull();
    fail = false;
    expect(await getStreamingEpisodes('Spy x Family')).toHaveLength(3);
  });
});

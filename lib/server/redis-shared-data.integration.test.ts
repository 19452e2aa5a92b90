/**
 * What the app keeps in Redis besides answers and the limiter, against a real
 * redis-server started here: translations (any instance's, for every instance), 404s (an hour,
 * for every instance), and the offline catalogue's enrichment, reloaded after a restart and
 * bounded. A "restart" is the process forgetting its module state (the reset helpers), with the
 * same Redis. Skips, saying why, without redis-server.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { catalogueEnriched, createCatalogueState } from '@/lib/catalogue';
import { toSeenAnime } from '@/lib/catalogue/catalogue';
import { EnrichmentStore } from '@/lib/catalogue/enrichment-store';
import { getAnimeDetails } from '@/lib/jikan';
import { testAnime } from '@/lib/jikan/test-anime';
import { translateToPortuguese } from '@/lib/translate';
import { describeWithRedis } from '@/test/support/redis-suite';
import { emptyCatalogue, freshDataLayer } from '@/test/support/data-layer';
import { freshProcess, provideProcessState } from '@/test/support/process';

describeWithRedis('data shared through Redis (real redis-server)', (server) => {
  let admin: Redis;
  let calls: URL[];

  /** A restart: this process forgets everything it held; Redis keeps what it was given. */
  function restart(): void {
    freshProcess('env');
    freshDataLayer(); // cache, limiter, Redis connection, 404 memory
    freshProcess('translate');
  }

  beforeAll(() => {
    admin = new Redis(server.url);
  });

  afterAll(() => admin.disconnect());

  beforeEach(() => {
    process.env.REDIS_URL = server.url;
    process.env.JIKAN_BASE_URL = 'http://jikan.test/v4';
    process.env.JIKAN_MIN_INTERVAL_MS = '0';
    process.env.TRANSLATE_BASE_URL = 'http://translate.test';
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL) => {
        const url = new URL(String(input));
        calls.push(url);
        if (url.hostname === 'translate.test') {
          return new Response(JSON.stringify([[['Uma tradução', 'orig', null, null, 1]], null, 'en']));
        }
        return new Response(JSON.stringify({ status: 404, message: 'Not Found' }), { status: 404 });
      }),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    restart();
  });

  afterEach(async () => {
    restart();
    freshProcess('catalogue');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const name of ['REDIS_URL', 'JIKAN_BASE_URL', 'JIKAN_MIN_INTERVAL_MS', 'TRANSLATE_BASE_URL'])
      delete process.env[name];
    freshProcess('env');
    await admin.flushall();
  });

  it('translates a text once for every instance and every restart', async () => {
    expect(await translateToPortuguese('A translation')).toBe('Uma tradução');
    restart();
    expect(await translateToPortuguese('A translation')).toBe('Uma tradução');
    expect(calls.filter((url) => url.hostname === 'translate.test')).toHaveLength(1);
    const [key] = await admin.keys('am:cache:translate:pt:*');
    expect(Number(await admin.pttl(key!))).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
  });

  it('remembers a 404 for an hour for every instance', async () => {
    await expect(getAnimeDetails(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const asked = calls.length;
    expect(asked).toBe(2); // /full, then the basic record
    restart();
    await expect(getAnimeDetails(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls).toHaveLength(asked);
    expect(Number(await admin.pttl('am:cache:missing:jikan:/anime/999999/full'))).toBeGreaterThan(
      59 * 60 * 1000,
    );
  });

  it("reloads the catalogue's enrichment after a restart, details' other titles included", async () => {
    provideProcessState('catalogue', createCatalogueState(emptyCatalogue()));
    const { rememberAnime } = await import('@/lib/catalogue');
    rememberAnime([
      {
        ...testAnime({ id: 777, title: 'Kaze no Tabibito' }),
        titles: [{ type: 'Synonym', title: 'Wind Walker' }],
      } as never,
    ]);
    // A later listing record (no other titles) must not erase them.
    rememberAnime([testAnime({ id: 777, title: 'Kaze no Tabibito', popularity: 12 })]);
    await vi.waitFor(async () => expect(await admin.hlen('am:catalogue:seen')).toBe(1));

    restart();
    provideProcessState('catalogue', createCatalogueState(emptyCatalogue()));
    const catalogue = await catalogueEnriched();
    expect(catalogue?.seenAnime(777)).toMatchObject({
      title: 'Kaze no Tabibito',
      popularity: 12,
      otherTitles: ['Wind Walker'],
    });
    const found = catalogue?.search({ q: 'wind walker', page: 1, limit: 5 }, '2026-01-01');
    expect(found?.items.map((anime) => anime.id)).toEqual([777]);
  });

  it('keeps at most its bound, forgetting the least recently learnt first', async () => {
    const redis = new Redis(server.url);
    const store = new EnrichmentStore(redis, 3);
    await vi.waitFor(() => expect(redis.status).toBe('ready'));
    for (const id of [1, 2, 3, 4, 5]) await store.save([toSeenAnime(testAnime({ id }))]);
    const ids: number[] = [];
    await new EnrichmentStore(redis, 3).load((seen) => ids.push(seen.id));
    expect(ids).toEqual([3, 4, 5]);
    expect(await admin.hlen('am:catalogue:seen')).toBe(3);
    redis.disconnect();
  });
});

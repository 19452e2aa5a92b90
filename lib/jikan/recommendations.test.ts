import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubUpstream } from '@/test/support/fetch';
import { testAnime } from './test-anime';
import type * as RecordsModule from '@/lib/records';
import type { Anime } from './types';
import { freshDataLayer } from '@/test/support/data-layer';

const records = vi.hoisted(() => ({
  known: new Map<number, unknown>(),
  kept: null as null | { data: unknown; fetchedAt: Date },
  keepExtra: vi.fn(),
}));

const learn = vi.hoisted(() => ({ learnOneRecord: vi.fn(async (_ids: readonly number[]) => null) }));
vi.mock('./learn', () => learn);

vi.mock('@/lib/records', async (importOriginal) => ({
  ...(await importOriginal<typeof RecordsModule>()),
  storedRecords: async (ids: number[]) =>
    new Map(
      ids.filter((id) => records.known.has(id)).map((id) => [id, { id, record: records.known.get(id) }]),
    ),
  storedExtra: async (id: number) => (records.kept ? { id, kind: 'recommendations', ...records.kept } : null),
  keepExtra: records.keepExtra,
}));

const { getAnimeRecommendations, toKeptRecommendations } = await import('./recommendations');

const BASE = 'http://jikan.test/v4';
const visitor = { adult: false };
const adult = { adult: true };

function entry(id: number, votes: number, title: string | null = `Anime ${id}`) {
  return {
    entry: {
      mal_id: id,
      url: `https://myanimelist.net/anime/${id}`,
      images: { jpg: { image_url: `https://cdn.myanimelist.net/${id}.jpg` } },
      title,
    },
    url: `https://myanimelist.net/recommendations/anime/${id}`,
    votes,
  };
}

const known = (id: number, overrides: Partial<Anime> = {}) =>
  records.known.set(
    id,
    testAnime({ id, title: `Known ${id}`, rating: 'PG-13 - Teens 13 or older', ...overrides }),
  );

beforeEach(() => {
  process.env.JIKAN_BASE_URL = BASE;
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.JIKAN_TIMEOUT_MS = '1000';
  freshDataLayer();
  records.known.clear();
  records.kept = null;
  records.keepExtra.mockClear();
  learn.learnOneRecord.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('toKeptRecommendations', () => {
  it('keeps most votes first, ties by id, each anime once, never the anime itself or an entry without a title', () => {
    const kept = toKeptRecommendations(
      [entry(30, 2), entry(10, 5), entry(20, 2), entry(10, 1), entry(99, 9), entry(40, 3, null), { bad: 1 }],
      99,
    );
    expect(kept.map((item) => [item.id, item.votes])).toEqual([
      [10, 5],
      [20, 2],
      [30, 2],
    ]);
    expect(kept[0]!.images.cover).toBe('https://cdn.myanimelist.net/10.jpg');
  });

  it('keeps at most 25', () => {
    const many = Array.from({ length: 40 }, (_, i) => entry(i + 1, 40 - i));
    expect(toKeptRecommendations(many, 1000)).toHaveLength(25);
  });
});

describe('getAnimeRecommendations', () => {
  it('makes one call, keeps the list durably, and answers the next ask from the cache', async () => {
    known(10);
    known(20);
    const calls = stubUpstream(() => json({ data: [entry(10, 3), entry(20, 7)] }));
    const first = await getAnimeRecommendations(5, visitor);
    expect(first.items.map((item) => [item.id, item.votes, item.title])).toEqual([
      [20, 7, 'Anime 20'],
      [10, 3, 'Anime 10'],
    ]);
    expect(first.items[0]).toMatchObject({ rating: 'PG-13 - Teens 13 or older' });
    expect(records.keepExtra).toHaveBeenCalledWith(5, 'recommendations', {
      items: expect.arrayContaining([expect.objectContaining({ id: 20, votes: 7 })]),
    });
    await getAnimeRecommendations(5, visitor);
    expect(calls.map((url) => url.pathname)).toEqual(['/v4/anime/5/recommendations']);
  });

  it('withholds from a visitor, and counts, what the server has no record of; hides known adult titles', async () => {
    known(10);
    known(30, { rating: 'Rx - Hentai' });
    known(40, { rating: 'PG-13 - Teens 13 or older', genres: ['Ecchi'] });
    stubUpstream(() => json({ data: [entry(10, 1), entry(20, 1), entry(30, 1), entry(40, 1)] }));
    const seen = await getAnimeRecommendations(6, visitor);
    expect(seen.items.map((item) => item.id)).toEqual([10]);
    expect(seen.withheld).toBe(1);
    const full = await getAnimeRecommendations(6, adult);
    expect(full.items.map((item) => item.id)).toEqual([10, 20, 30, 40]);
    expect(full.items[1]).toMatchObject({ adultFactsUnknown: true, rating: null });
    expect(full.withheld).toBe(0);
  });

  it('says a list is partial, names what is withheld by id, and learns the anime itself first', async () => {
    known(10);
    stubUpstream(() => json({ data: [entry(10, 1), entry(20, 5), entry(30, 2)] }));
    const seen = await getAnimeRecommendations(6, visitor);
    expect(seen).toMatchObject({ withheld: 2, withheldIds: [20, 30], partial: true });
    expect(seen.source).toBeUndefined();
    expect(learn.learnOneRecord).toHaveBeenLastCalledWith([6, 20, 30]);

    known(6, { title: 'Own', titleEnglish: 'Own EN' });
    known(20);
    const later = await getAnimeRecommendations(6, visitor);
    expect(later.items.map((item) => item.id)).toEqual([20, 10]);
    expect(later).toMatchObject({ withheld: 1, withheldIds: [30], partial: true });
    expect(later.source).toEqual({ id: 6, title: 'Own', titleEnglish: 'Own EN' });
    expect(learn.learnOneRecord).toHaveBeenLastCalledWith([30]);

    known(30);
    const whole = await getAnimeRecommendations(6, visitor);
    expect(whole.partial).toBeUndefined();
    expect(whole.withheldIds).toBeUndefined();
    expect(learn.learnOneRecord).toHaveBeenCalledTimes(2);
  });

  it('never names an adult anime to a visitor as the source of its recommendations', async () => {
    known(6, { title: 'Adult one', rating: 'Rx - Hentai' });
    known(10);
    stubUpstream(() => json({ data: [entry(10, 1)] }));
    expect((await getAnimeRecommendations(6, visitor)).source).toBeUndefined();
    expect((await getAnimeRecommendations(6, adult)).source).toMatchObject({ title: 'Adult one' });
  });

  it('answers none for an id Jikan does not know, and remembers it', async () => {
    const calls = stubUpstream(() => json({ status: 404 }, 404));
    expect(await getAnimeRecommendations(7, visitor)).toEqual({ items: [], withheld: 0 });
    expect(await getAnimeRecommendations(7, visitor)).toEqual({ items: [], withheld: 0 });
    expect(calls).toHaveLength(1);
  });

  it('during an outage answers the kept copy, marked with its age, or says it is unavailable', async () => {
    stubUpstream(() => new Response('<html>504</html>', { status: 504 }));
    expect(await getAnimeRecommendations(8, visitor)).toEqual({ items: [], withheld: 0, unavailable: true });

    freshDataLayer();
    known(10);
    records.kept = {
      data: { items: [{ id: 10, title: 'Kept', images: { cover: null, small: null }, votes: 4 }] },
      fetchedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
    };
    const answer = await getAnimeRecommendations(8, visitor);
    expect(answer.items.map((item) => [item.id, item.title, item.votes])).toEqual([[10, 'Kept', 4]]);
    expect(answer.stale?.fetchedAt).toBe(records.kept.fetchedAt.toISOString());
  });

  it('answers a kept copy within its week without a call', async () => {
    const calls = stubUpstream(() => json({ data: [] }));
    known(10);
    records.kept = {
      data: { items: [{ id: 10, title: 'Kept', images: { cover: null, small: null }, votes: 4 }] },
      fetchedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
    };
    const answer = await getAnimeRecommendations(9, visitor);
    expect(answer.items.map((item) => item.id)).toEqual([10]);
    expect(answer.stale).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('refuses an id that cannot be an anime without a call', async () => {
    const calls = stubUpstream(() => json({ data: [] }));
    await expect(getAnimeRecommendations(0, visitor)).rejects.toMatchObject({ code: 'INVALID_ID' });
    expect(calls).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { testAnime } from '@/lib/jikan/test-anime';
import type { RecommendedAnime } from '@/lib/jikan/recommendation-types';
import {
  chooseSeeds,
  contribution,
  MAX_SEEDS,
  sequelIdsOf,
  sequelSources,
  stillUnknown,
  suggest,
  withSeedTitles,
  type FanLibrary,
  type Seed,
} from './suggest';

const rec = (id: number, votes: number): RecommendedAnime => ({
  ...testAnime({ id, title: `Anime ${id}` }),
  votes,
});

function library(overrides: Partial<FanLibrary> = {}): FanLibrary {
  return { ratings: [], listed: [], dismissed: new Set(), ...overrides };
}

const rating = (id: number, stars: number, at = '2026-01-01T00:00:00Z') => ({
  id,
  stars,
  at,
  title: `Seed ${id}`,
});

describe('chooseSeeds', () => {
  it('takes 4–5★ ratings, completed and watching shows, strongest first; a low rating decides', () => {
    const seeds = chooseSeeds(
      library({
        ratings: [rating(1, 4), rating(2, 5), rating(3, 3), rating(4, 1)],
        listed: [
          { id: 3, list: 'COMPLETED', at: '2026-02-01', title: 'Rated 3, completed' },
          { id: 5, list: 'WATCHING', at: '2026-02-01', title: 'Watching' },
          { id: 6, list: 'COMPLETED', at: '2026-02-01', title: 'Completed' },
          { id: 7, list: 'PLAN_TO_WATCH', at: '2026-02-01', title: 'Planned' },
          { id: 8, list: 'DROPPED', at: '2026-02-01', title: 'Dropped' },
        ],
      }),
    );
    expect(seeds.map((seed) => [seed.id, seed.reason.kind])).toEqual([
      [2, 'rated'],
      [1, 'rated'],
      [6, 'completed'],
      [5, 'watching'],
    ]);
  });

  it(`keeps the ${MAX_SEEDS} strongest; among equals the most recent, then the lower id`, () => {
    const ratings = Array.from({ length: 14 }, (_, i) =>
      rating(100 + i, 5, `2026-01-${String(1 + (i % 7)).padStart(2, '0')}T00:00:00Z`),
    );
    const seeds = chooseSeeds(library({ ratings }));
    expect(seeds).toHaveLength(MAX_SEEDS);
    expect(seeds.slice(0, 3).map((seed) => seed.id)).toEqual([106, 113, 105]);
  });
});

describe('suggest', () => {
  const seedsOf = (lib: FanLibrary) => chooseSeeds(lib);

  it("scores by the fan's rating and the votes, naming the seed that counted most", () => {
    const lib = library({ ratings: [rating(1, 5), rating(2, 4)] });
    const seeds = seedsOf(lib);
    const list = suggest(
      lib,
      seeds,
      new Map([
        [1, [rec(10, 1), rec(11, 1)]],
        [2, [rec(11, 20), rec(12, 2)]],
      ]),
    );
    expect(list.map((s) => s.anime.id)).toEqual([11, 10, 12]);
    const eleven = list[0]!;
    // 11 is recommended beside both seeds; the 4★ one with 20 votes counted more.
    expect(eleven.score).toBeCloseTo(contribution({ weight: 1 }, 1) + contribution({ weight: 0.7 }, 20));
    expect(eleven.reason).toEqual({
      kind: 'seed',
      seed: { id: 2, title: 'Seed 2', reason: { kind: 'rated', stars: 4 } },
    });
    expect(list[1]!.reason).toMatchObject({ seed: { id: 1, reason: { kind: 'rated', stars: 5 } } });
    expect(list[0]!.anime).not.toHaveProperty('votes');
  });

  it('removes what the fan rated (any stars), listed or dismissed, and the seeds themselves', () => {
    const lib = library({
      ratings: [rating(1, 5), rating(20, 2)],
      listed: [
        { id: 2, list: 'COMPLETED', at: null, title: 'Seed 2' },
        { id: 21, list: 'PLAN_TO_WATCH', at: null, title: null },
        { id: 22, list: 'DROPPED', at: null, title: null },
      ],
      dismissed: new Set([23]),
    });
    const list = suggest(
      lib,
      seedsOf(lib),
      new Map([
        [1, [rec(2, 9), rec(20, 9), rec(21, 9), rec(22, 9), rec(23, 9), rec(24, 1)]],
        [2, [rec(1, 9)]],
      ]),
    );
    expect(list.map((s) => s.anime.id)).toEqual([24]);
  });

  it('breaks ties by votes, then by the lower id; equal contributions name the stronger seed', () => {
    const seeds: Seed[] = [
      { id: 1, title: 'A', reason: { kind: 'rated', stars: 5 }, weight: 1, at: null },
      { id: 2, title: 'B', reason: { kind: 'rated', stars: 5 }, weight: 1, at: null },
    ];
    const list = suggest(
      library({ ratings: [rating(1, 5), rating(2, 5)] }),
      seeds,
      new Map([
        [1, [rec(30, 3), rec(31, 3)]],
        [2, [rec(32, 3), rec(31, 3)]],
      ]),
    );
    expect(list.map((s) => s.anime.id)).toEqual([31, 30, 32]);
    expect(list[0]!.reason).toMatchObject({ seed: { id: 1 } });
  });

  it('puts the sequel of a completed show first, once, unless the fan has it already', () => {
    const lib = library({
      ratings: [rating(1, 5)],
      listed: [{ id: 40, list: 'COMPLETED', at: null, title: 'Season 1' }],
    });
    const sequel = { of: { id: 40, title: 'Season 1' }, anime: testAnime({ id: 41, title: 'Season 2' }) };
    const list = suggest(lib, seedsOf(lib), new Map([[1, [rec(10, 50), rec(41, 1)]]]), [sequel, sequel]);
    expect(list.map((s) => [s.anime.id, s.reason.kind])).toEqual([
      [41, 'sequel'],
      [10, 'seed'],
    ]);
    const planned = library({
      ...lib,
      listed: [...lib.listed, { id: 41, list: 'PLAN_TO_WATCH', at: null, title: null }],
    });
    expect(suggest(planned, seedsOf(planned), new Map(), [sequel])).toEqual([]);
  });

  it('suggests nothing without seeds or without their recommendations', () => {
    expect(suggest(library(), [], new Map())).toEqual([]);
    const lib = library({ ratings: [rating(1, 5)] });
    expect(suggest(lib, seedsOf(lib), new Map())).toEqual([]);
  });
});

describe('sequels', () => {
  it('looks at the most recently completed shows, and reads their direct anime sequels', () => {
    const lib = library({
      listed: [
        { id: 1, list: 'COMPLETED', at: '2026-01-01', title: null },
        { id: 2, list: 'COMPLETED', at: '2026-03-01', title: null },
        { id: 3, list: 'WATCHING', at: '2026-04-01', title: null },
      ],
    });
    expect(sequelSources(lib)).toEqual([2, 1]);
    expect(sequelSources(lib, 1)).toEqual([2]);
    expect(
      sequelIdsOf({
        relations: [
          {
            relation: 'Sequel',
            entries: [
              { id: 1735, type: 'anime' },
              { id: 9, type: 'manga' },
            ],
          },
          { relation: 'Side Story', entries: [{ id: 442, type: 'anime' }] },
          { relation: 'sequel', entries: [{ id: 1735, type: 'anime' }] },
        ],
      }),
    ).toEqual([1735]);
    expect(sequelIdsOf({})).toEqual([]);
  });
});

describe('seed titles and what is still unknown', () => {
  it('names a seed the device kept no copy of from the server, never overriding the device', () => {
    const lib = library({ ratings: [{ ...rating(1, 5), title: null }, rating(2, 5)] });
    const seeds = withSeedTitles(
      chooseSeeds(lib),
      new Map([
        [1, 'Neon Genesis Evangelion'],
        [2, 'Other'],
      ]),
    );
    expect(seeds.map((seed) => [seed.id, seed.title])).toEqual([
      [1, 'Neon Genesis Evangelion'],
      [2, 'Seed 2'],
    ]);
    const [first] = suggest(lib, seeds, new Map([[1, [rec(10, 3)]]]));
    expect(first!.reason).toMatchObject({ kind: 'seed', seed: { id: 1, title: 'Neon Genesis Evangelion' } });
  });

  it('counts each withheld anime once, and none the fan rated, listed, dismissed or seeds from', () => {
    const lib = library({
      ratings: [rating(1, 5), rating(2, 5), rating(3, 2)],
      listed: [{ id: 4, list: 'PLAN_TO_WATCH', at: null, title: null }],
      dismissed: new Set([5]),
    });
    const seeds = chooseSeeds(lib);
    expect(
      stillUnknown(lib, seeds, [
        [10, 11, 3],
        [10, 4, 5, 2, 12],
      ]),
    ).toBe(3);
    expect(stillUnknown(lib, seeds, [[], []])).toBe(0);
  });
});

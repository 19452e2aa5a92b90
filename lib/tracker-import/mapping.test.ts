import { describe, expect, it } from 'vitest';
import {
  anilistStatusToList,
  episodeProgress,
  isoDay,
  isoInstant,
  kitsuStatusToList,
  opinionFromNotes,
  partialDate,
  SCORE_SCALES,
  starsFromScore,
  type ScoreScale,
} from './mapping';

describe('score → stars: ceil(5 × score / top), 0 = no rating', () => {
  const table: Record<ScoreScale, [number, number][]> = {
    POINT_100: [
      [0, 0],
      [1, 1],
      [20, 1],
      [21, 2],
      [40, 2],
      [41, 3],
      [60, 3],
      [61, 4],
      [80, 4],
      [81, 5],
      [100, 5],
    ],
    POINT_10_DECIMAL: [
      [0, 0],
      [0.5, 1],
      [2, 1],
      [2.1, 2],
      [5.5, 3],
      [7.5, 4],
      [8, 4],
      [8.1, 5],
      [10, 5],
    ],
    POINT_10: [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 2],
      [5, 3],
      [6, 3],
      [7, 4],
      [8, 4],
      [9, 5],
      [10, 5],
    ],
    POINT_5: [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ],
    POINT_3: [
      [0, 0],
      [1, 2],
      [2, 4],
      [3, 5],
    ],
    RATING_TWENTY: [
      [2, 1],
      [4, 1],
      [5, 2],
      [8, 2],
      [10, 3],
      [12, 3],
      [14, 4],
      [16, 4],
      [17, 5],
      [20, 5],
    ],
    MAL: [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
      [6, 3],
      [7, 4],
      [8, 4],
      [9, 5],
      [10, 5],
    ],
  };
  for (const scale of Object.keys(SCORE_SCALES) as ScoreScale[]) {
    it(`maps every ${scale} score`, () => {
      for (const [score, stars] of table[scale])
        expect([score, starsFromScore(score, scale)]).toEqual([score, stars]);
    });
  }

  it('reads null, missing, negative and non-finite scores as no rating; caps scores above the top', () => {
    for (const score of [null, undefined, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(starsFromScore(score, 'POINT_100')).toBe(0);
    }
    expect(starsFromScore(150, 'POINT_100')).toBe(5);
    expect(starsFromScore(40, 'RATING_TWENTY')).toBe(5);
  });
});

describe('statuses', () => {
  it("maps AniList's six statuses to our five lists", () => {
    expect(
      ['CURRENT', 'REPEATING', 'COMPLETED', 'PLANNING', 'DROPPED', 'PAUSED'].map(anilistStatusToList),
    ).toEqual(['WATCHING', 'WATCHING', 'COMPLETED', 'PLAN_TO_WATCH', 'DROPPED', 'ON_HOLD']);
    expect(anilistStatusToList('current')).toBeNull();
    expect(anilistStatusToList(null)).toBeNull();
    expect(anilistStatusToList('__proto__')).toBeNull();
  });

  it("maps Kitsu's statuses the same way", () => {
    expect(['current', 'completed', 'planned', 'dropped', 'on_hold'].map(kitsuStatusToList)).toEqual([
      'WATCHING',
      'COMPLETED',
      'PLAN_TO_WATCH',
      'DROPPED',
      'ON_HOLD',
    ]);
    expect(kitsuStatusToList('CURRENT')).toBeNull();
    expect(kitsuStatusToList(undefined)).toBeNull();
    expect(kitsuStatusToList('constructor')).toBeNull();
  });
});

describe('progress, notes and dates', () => {
  it('keeps progress whole, from 0, at most the episodes when known', () => {
    expect(episodeProgress(12, 24)).toBe(12);
    expect(episodeProgress(30, 24)).toBe(24);
    expect(episodeProgress(500, null)).toBe(500);
    expect(episodeProgress(3.7, null)).toBe(3);
    expect(episodeProgress(-2, 24)).toBe(0);
    expect(episodeProgress(null, 24)).toBe(0);
    expect(episodeProgress(Number.NaN, 0)).toBe(0);
  });

  it('bounds notes as the rating form bounds an opinion', () => {
    expect(opinionFromNotes(null)).toBe('');
    expect(opinionFromNotes('  Obra-prima\r\n  ')).toBe('Obra-prima');
    expect(opinionFromNotes('a\u200Bb')).toBe('ab');
    expect(opinionFromNotes('x'.repeat(6000))).toHaveLength(5000);
  });

  it('reads partial dates, timestamps and instants', () => {
    expect(partialDate(2020, 2, 10)).toBe('2020-02-10');
    expect(partialDate(2020, 2, null)).toBe('2020-02-01');
    expect(partialDate(2020, null, null)).toBe('2020-01-01');
    expect(partialDate(2021, 2, 31)).toBe('2021-02-01');
    expect(partialDate(null, 5, 5)).toBeNull();
    expect(partialDate(20, 5, 5)).toBeNull();
    expect(isoDay('2020-01-05T03:00:00.000Z')).toBe('2020-01-05');
    expect(isoDay('garbage')).toBeNull();
    expect(isoInstant(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(isoInstant('2023-11-14T22:13:20.000Z')).toBe('2023-11-14T22:13:20.000Z');
    expect(isoInstant(0)).toBeNull();
    expect(isoInstant('nope')).toBeNull();
  });
});

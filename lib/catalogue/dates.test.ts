import { describe, expect, it } from 'vitest';
import { compareSeasons, japanDate, seasonOf, seasonRange, statusOn } from './dates';

describe('seasonOf', () => {
  it('follows MyAnimeList’s seasons', () => {
    expect(seasonOf('2026-01-10')).toEqual({ season: 'winter', year: 2026 });
    expect(seasonOf('2026-03-31')).toEqual({ season: 'winter', year: 2026 });
    expect(seasonOf('2026-04-01')).toEqual({ season: 'spring', year: 2026 });
    expect(seasonOf('2026-07-07')).toEqual({ season: 'summer', year: 2026 });
    expect(seasonOf('2026-12-31')).toEqual({ season: 'fall', year: 2026 });
    expect(seasonOf('')).toBeNull();
    expect(seasonOf('2026-13-01')).toBeNull();
  });

  it('gives each season’s range, end exclusive, and orders seasons', () => {
    expect(seasonRange({ season: 'fall', year: 2026 })).toEqual({ from: '2026-10-01', until: '2027-01-01' });
    expect(seasonRange({ season: 'winter', year: 2026 })).toEqual({
      from: '2026-01-01',
      until: '2026-04-01',
    });
    expect(compareSeasons({ season: 'fall', year: 2025 }, { season: 'winter', year: 2026 })).toBeLessThan(0);
    expect(
      compareSeasons({ season: 'summer', year: 2026 }, { season: 'spring', year: 2026 }),
    ).toBeGreaterThan(0);
  });
});

describe('japanDate', () => {
  it('is the date in Japan (UTC+9)', () => {
    expect(japanDate(new Date('2026-11-23T14:59:00Z'))).toBe('2026-11-23');
    expect(japanDate(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
  });
});

describe('statusOn', () => {
  const today = '2026-11-23';
  it('reads finished, airing and upcoming from the dates', () => {
    expect(statusOn({ type: 'tv', begin: '2002-10-03', end: '2007-02-08' }, today)).toBe('Finished Airing');
    expect(statusOn({ type: 'tv', begin: '2026-10-02', end: '2026-12-18' }, today)).toBe('Currently Airing');
    expect(statusOn({ type: 'tv', begin: '2026-10-02', end: today }, today)).toBe('Currently Airing');
    expect(statusOn({ type: 'tv', begin: '2027-01-08', end: '' }, today)).toBe('Not yet aired');
  });

  it('counts a movie as aired once it opened, whatever its end says', () => {
    expect(statusOn({ type: 'movie', begin: '2016-08-26', end: '' }, today)).toBe('Finished Airing');
    expect(statusOn({ type: 'movie', begin: '2027-03-01', end: '' }, today)).toBe('Not yet aired');
  });

  it('without an end date: airing for about a cour after the premiere, unknown after that', () => {
    expect(statusOn({ type: 'tv', begin: '2026-10-05', end: '' }, today)).toBe('Currently Airing');
    expect(statusOn({ type: 'web', begin: '2026-08-01', end: '' }, today)).toBe('Currently Airing');
    expect(statusOn({ type: 'tv', begin: '2026-04-05', end: '' }, today)).toBeNull();
    expect(statusOn({ type: 'ova', begin: '2026-10-05', end: '' }, today)).toBeNull();
    expect(statusOn({ type: 'tv', begin: '', end: '' }, today)).toBeNull();
  });
});

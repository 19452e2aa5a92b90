import { describe, expect, it } from 'vitest';
import {
  archiveSeasons,
  asksForAdultGenre,
  browseDateWindow,
  browseHref,
  browseParamsFromQuery,
  browseQuery,
  MAX_PAGE,
  nextSeason,
  parseBrowseParams,
  parsePage,
  parseSeasonSegments,
  previousSeason,
  seasonAt,
  seasonHref,
} from './browse-params';

const NOW = { year: 2026, season: 'fall' } as const;
const parse = (query: string) => parseBrowseParams(browseParamsFromQuery(new URLSearchParams(query)), NOW);

describe('parsePage', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    [' 7 ', 7],
    [String(MAX_PAGE), MAX_PAGE],
    [String(MAX_PAGE + 1), 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['1e3', 1],
    ['99999999999999999999', 1],
    ['two', 1],
    ['constructor', 1],
  ])('%j → %i', (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });
});

describe('seasons', () => {
  it('reads a season within the archive, forgiving case, and refuses any other', () => {
    expect(parseSeasonSegments('2023', 'Fall', NOW)).toEqual({ year: 2023, season: 'fall' });
    expect(parseSeasonSegments('1917', 'winter', NOW)).toEqual({ year: 1917, season: 'winter' });
    expect(parseSeasonSegments('2027', 'fall', NOW)).toEqual({ year: 2027, season: 'fall' });
    for (const [year, season] of [
      ['1916', 'fall'],
      ['2028', 'winter'],
      ['2023', 'autumn'],
      ['23', 'fall'],
      ['2023.0', 'fall'],
      ['0x7e7', 'fall'],
      ['2023', '__proto__'],
    ]) {
      expect(parseSeasonSegments(year!, season!, NOW), `${year}/${season}`).toBeNull();
    }
  });

  it('links each season to its neighbours, none before the first or after the last', () => {
    expect(previousSeason({ year: 2023, season: 'fall' })).toEqual({ year: 2023, season: 'summer' });
    expect(nextSeason({ year: 2023, season: 'fall' }, NOW)).toEqual({ year: 2024, season: 'winter' });
    expect(previousSeason({ year: 1917, season: 'winter' })).toBeNull();
    expect(nextSeason({ year: 2027, season: 'fall' }, NOW)).toBeNull();
  });

  it('takes the season in Japan', () => {
    expect(seasonAt(new Date('2023-09-30T16:00:00Z'))).toEqual({ year: 2023, season: 'fall' });
    expect(seasonAt(new Date('2023-09-30T14:00:00Z'))).toEqual({ year: 2023, season: 'summer' });
  });

  it('writes the page and view only past their defaults', () => {
    expect(seasonHref({ year: 2023, season: 'fall' })).toBe('/season/2023/fall');
    expect(seasonHref({ year: 2023, season: 'fall', page: 2, view: 'list' })).toBe(
      '/season/2023/fall?page=2&view=list',
    );
  });

  it('lists every season up to now for the sitemap', () => {
    const seasons = archiveSeasons(NOW);
    expect(seasons[0]).toEqual(NOW);
    expect(seasons.at(-1)).toEqual({ year: 1917, season: 'winter' });
    expect(seasons).toHaveLength((2026 - 1917 + 1) * 4);
  });
});

describe('parseBrowseParams', () => {
  it('has no filter by default', () => {
    expect(parse('')).toEqual({ genres: [], exclude: [], sort: 'popularity', page: 1, view: 'grid' });
    expect(browseHref(parse(''))).toBe('/browse');
  });

  it('reads every filter', () => {
    expect(
      parse(
        'genres=22&exclude=1&type=TV&status=complete&year=2008&season=fall&min_score=8&sort=score&page=3&view=list',
      ),
    ).toEqual({
      genres: [22],
      exclude: [1],
      type: 'tv',
      status: 'complete',
      year: 2008,
      season: 'fall',
      minScore: 8,
      sort: 'score',
      page: 3,
      view: 'list',
    });
  });

  it('normalises genre lists: sorted, unique, checkbox or comma form, an included genre never excluded', () => {
    expect(parse('genres=22,1,22&genres=4').genres).toEqual([1, 4, 22]);
    expect(parse('genres=22&exclude=22,9').exclude).toEqual([9]);
    expect(parse('genres=,,abc,0,-1,1.5,99999999').genres).toEqual([]);
    expect(parse(`genres=${Array.from({ length: 40 }, (_, i) => i + 1).join(',')}`).genres).toHaveLength(10);
  });

  it('gives hostile or unknown values the defaults, never an error', () => {
    const hostile = [
      'type=<script>',
      'status=__proto__',
      'year=99999',
      'year=1800',
      'season=monsoon',
      'min_score=11',
      'min_score=7.5',
      'min_score=-1',
      'sort=constructor',
      'page=NaN',
      `genres=${'9'.repeat(5000)}`,
      'season=fall',
    ];
    for (const query of hostile) {
      const state = parse(query);
      expect(browseHref(state), query).toBe('/browse');
    }
  });

  it('writes one canonical query whatever the order, case or defaults of the link', () => {
    const a = parse('sort=popularity&view=grid&page=1&type=tv&genres=22,1&utm_source=x');
    const b = parse('GENRES=1&type=TV&genres=22');
    expect(browseQuery(a)).toBe('genres=1,22&type=tv');
    expect(browseQuery(parse('type=tv&genres=1,22'))).toBe('genres=1,22&type=tv');
    // Case of a parameter's name is not forgiven (URLs are case-sensitive): GENRES is unknown.
    expect(browseQuery(b)).toBe('genres=22&type=tv');
  });
});

describe('browse filters', () => {
  it('knows the adult genres a visitor cannot browse', () => {
    expect(asksForAdultGenre(parse('genres=12'))).toBe(true);
    expect(asksForAdultGenre(parse('genres=22,9'))).toBe(true);
    expect(asksForAdultGenre(parse('genres=22&exclude=12'))).toBe(false);
  });

  it('turns a year and season into the database date window', () => {
    expect(browseDateWindow(parse(''))).toEqual({});
    expect(browseDateWindow(parse('year=2023'))).toEqual({ startDate: '2023-01-01', endDate: '2023-12-31' });
    expect(browseDateWindow(parse('year=2023&season=fall'))).toEqual({
      startDate: '2023-10-01',
      endDate: '2023-12-31',
    });
    expect(browseDateWindow(parse('year=2024&season=spring'))).toEqual({
      startDate: '2024-04-01',
      endDate: '2024-06-30',
    });
  });
});

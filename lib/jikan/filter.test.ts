import { describe, expect, it } from 'vitest';
import {
  filterAnimeList,
  gateAnimeList,
  hasAdultGenre,
  hasAdultRating,
  isAdultAnime,
  isListable,
} from './filter';
import type { Anime } from './types';
import { testAnime } from './test-anime';

function anime(overrides: Partial<Anime> = {}): Anime {
  return {
    ...testAnime({ id: 1 }),
    title: 'Cowboy Bebop',
    rating: 'R - 17+ (violence & profanity)',
    genres: ['Action', 'Sci-Fi'],
    ...overrides,
  };
}

describe('isAdultAnime', () => {
  it.each([
    ['R+ - Mild Nudity', true],
    ['Rx - Hentai', true],
    ['R - 17+ (violence & profanity)', false],
    ['PG-13 - Teens 13 or older', false],
    [null, false],
  ])('rating %s → %s', (rating, adult) => {
    expect(hasAdultRating(rating)).toBe(adult);
    expect(isAdultAnime({ rating, genres: [] })).toBe(adult);
  });

  it.each(['Hentai', 'ecchi', 'YURI', 'Yaoi', 'Harem', 'Reverse Harem', 'Soft Ecchi'])(
    'genre or theme %s is adult, whatever its case',
    (name) => {
      expect(hasAdultGenre(['Comedy', name])).toBe(true);
      expect(isAdultAnime({ rating: 'PG-13 - Teens 13 or older', genres: [name] })).toBe(true);
    },
  );

  it('leaves ordinary genres alone', () => {
    expect(hasAdultGenre(['Action', 'Romance', 'Girls Love', 'School'])).toBe(false);
    expect(hasAdultGenre([])).toBe(false);
  });
});

describe('isListable', () => {
  it('needs a positive id and a non-blank title', () => {
    expect(isListable({ id: 1, title: 'x' })).toBe(true);
    expect(isListable({ id: 0, title: 'x' })).toBe(false);
    expect(isListable({ id: -3, title: 'x' })).toBe(false);
    expect(isListable({ id: 1.5, title: 'x' })).toBe(false);
    expect(isListable({ id: 1, title: '   ' })).toBe(false);
    expect(isListable({ id: 1, title: null })).toBe(false);
  });
});

describe('filterAnimeList', () => {
  const list = [
    anime({ id: 1, title: 'Plain' }),
    anime({ id: 2, title: 'Nudity', rating: 'R+ - Mild Nudity' }),
    anime({ id: 3, title: 'Explicit', rating: 'Rx - Hentai' }),
    anime({ id: 4, title: 'Harem show', genres: ['Comedy', 'Harem'] }),
    anime({ id: 0, title: 'No id' }),
    anime({ id: 5, title: '' }),
    anime({ id: 6, title: 'Also plain', rating: null, genres: [] }),
  ];

  it('drops adult records and unlisted ones without adult access', () => {
    expect(filterAnimeList(list, { adult: false }).map((a) => a.id)).toEqual([1, 6]);
  });

  it('keeps adult records with adult access, still dropping unlisted ones', () => {
    expect(filterAnimeList(list, { adult: true }).map((a) => a.id)).toEqual([1, 2, 3, 4, 6]);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    filterAnimeList(list, { adult: false });
    expect(list).toEqual(copy);
  });
});

describe('gateAnimeList: offline records fail closed', () => {
  const safe = anime({ id: 1, offline: true, rating: 'PG-13 - Teens 13 or older', genres: ['Action'] });
  const adultByRating = anime({ id: 2, offline: true, rating: 'R+ - Mild Nudity', genres: ['Comedy'] });
  const adultByGenre = anime({ id: 3, offline: true, rating: null, genres: ['Ecchi'] });
  const unknown = anime({ id: 4, offline: true, rating: null, genres: [], adultFactsUnknown: true });
  const unknown2 = anime({ id: 5, offline: true, rating: null, genres: [], adultFactsUnknown: true });
  const list = [safe, adultByRating, adultByGenre, unknown, unknown2];

  it('treats a record with unknown adult facts as adult', () => {
    expect(isAdultAnime(unknown)).toBe(true);
    expect(isAdultAnime(safe)).toBe(false);
  });

  it.each([
    ['a visitor', { adult: false }],
    ['a minor', { adult: false }],
  ])('shows %s only the records known to be safe, and counts the unknown ones', (_who, access) => {
    const { shown, withheld } = gateAnimeList(list, access);
    expect(shown.map((a) => a.id)).toEqual([1]);
    // Known-adult records are hidden as on a live page; only the unknown ones are "withheld".
    expect(withheld).toBe(2);
    expect(filterAnimeList(list, access).map((a) => a.id)).toEqual([1]);
  });

  it('shows a verified adult everything, withholding nothing', () => {
    const { shown, withheld } = gateAnimeList(list, { adult: true });
    expect(shown.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(withheld).toBe(0);
  });

  it('still drops records with no title for everyone', () => {
    const untitled = anime({ id: 6, title: '  ', adultFactsUnknown: true });
    expect(gateAnimeList([untitled], { adult: false })).toEqual({ shown: [], withheld: 0 });
    expect(gateAnimeList([untitled], { adult: true })).toEqual({ shown: [], withheld: 0 });
  });
});

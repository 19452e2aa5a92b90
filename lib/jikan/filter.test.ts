import { describe, expect, it } from 'vitest';
import { filterAnimeList, hasAdultGenre, hasAdultRating, isAdultAnime, isListable } from './filter';
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

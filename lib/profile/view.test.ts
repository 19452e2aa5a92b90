import { describe, expect, it } from 'vitest';
import { buildPublicProfile, computeStats, type ProfileEntryRow, type ProfileSettings } from './view';

const settings: ProfileSettings = {
  handle: 'fan',
  displayName: null,
  enabled: true,
  indexable: false,
  showRatings: true,
  showStats: true,
  lists: ['COMPLETED'],
};

const safe = {
  title: 'Safe',
  titleEnglish: null,
  cover: null,
  rating: 'PG-13 - Teens 13 or older',
  genres: ['Action'],
};
const row = (extra: Partial<ProfileEntryRow>): ProfileEntryRow => ({
  kind: 'rating',
  animeId: 1,
  rating: 5,
  opinion: '',
  list: null,
  record: safe,
  ...extra,
});

describe('profile statistics', () => {
  it('counts per list, the mean and the distribution of 1–5 stars', () => {
    expect(
      computeStats(['WATCHING', 'COMPLETED'], { lists: { COMPLETED: 7 }, stars: [1, 0, 2, 0, 3] }),
    ).toEqual({
      lists: [
        { list: 'WATCHING', count: 0 },
        { list: 'COMPLETED', count: 7 },
      ],
      rated: 6,
      mean: 3.67,
      distribution: [1, 0, 2, 0, 3],
    });
  });

  it('has no mean without ratings', () => {
    expect(computeStats([], { lists: {}, stars: [0, 0, 0, 0, 0] }).mean).toBeNull();
  });
});

describe('the public view', () => {
  const counts = {
    lists: { COMPLETED: 3 },
    stars: [0, 0, 0, 1, 1] as [number, number, number, number, number],
  };

  it('withholds adult titles, unknown records, private lists and non-star ratings', () => {
    const view = buildPublicProfile(
      settings,
      [
        row({ animeId: 1, rating: 5, opinion: ' <b>top</b> ' }),
        row({ animeId: 2, record: { ...safe, title: 'Rx', rating: 'Rx - Hentai' } }),
        row({ animeId: 3, record: { ...safe, title: 'Harem', genres: ['Comedy', 'Harem'] } }),
        row({ animeId: 4, record: null }),
        row({ animeId: 5, rating: 0 }),
        row({ kind: 'list', animeId: 6, list: 'COMPLETED' }),
        row({ kind: 'list', animeId: 7, list: 'WATCHING' }),
        row({ animeId: 8, rating: 4 }),
      ],
      counts,
    );
    expect(view.ratings?.map((r) => [r.id, r.rating, r.opinion])).toEqual([
      [1, 5, '<b>top</b>'],
      [8, 4, ''],
    ]);
    expect(view.favourites?.map((r) => r.id)).toEqual([1, 8]);
    expect(view.lists).toEqual([
      { list: 'COMPLETED', count: 3, entries: [expect.objectContaining({ id: 6 })] },
    ]);
    expect(view.compare).toEqual([
      [1, 5],
      [8, 4],
    ]);
    expect(view.name).toBe('fan');
  });

  it('shows nothing the owner keeps private', () => {
    const view = buildPublicProfile(
      { ...settings, showRatings: false, showStats: false, lists: [], displayName: 'Ana' },
      [row({}), row({ kind: 'list', animeId: 6, list: 'COMPLETED' })],
      counts,
    );
    expect(view).toMatchObject({
      name: 'Ana',
      ratings: null,
      favourites: null,
      stats: null,
      compare: null,
      lists: [],
    });
  });
});

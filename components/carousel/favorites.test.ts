import { describe, expect, it } from 'vitest';
import { selectFavoriteRatings } from './favorites';

describe('selectFavoriteRatings', () => {
  it('keeps ratings of 4 and 5, highest first, ties in stored order (SPEC §5)', () => {
    const ratings = [
      { animeId: 1, rating: 4 },
      { animeId: 2, rating: 3 },
      { animeId: 3, rating: 5 },
      { animeId: 4, rating: 4 },
      { animeId: 5, rating: 0 },
    ];
    expect(selectFavoriteRatings(ratings).map((entry) => entry.animeId)).toEqual([3, 1, 4]);
  });

  it('keeps at most ten', () => {
    const ratings = Array.from({ length: 14 }, (_, index) => ({
      animeId: index + 1,
      rating: index % 2 ? 5 : 4,
    }));
    const favorites = selectFavoriteRatings(ratings);
    expect(favorites).toHaveLength(10);
    expect(favorites.slice(0, 7).every((entry) => entry.rating === 5)).toBe(true);
  });

  it('ignores invalid entries', () => {
    expect(
      selectFavoriteRatings([
        { animeId: 0, rating: 5 },
        { animeId: 7, rating: Number.NaN },
      ]),
    ).toEqual([]);
  });
});

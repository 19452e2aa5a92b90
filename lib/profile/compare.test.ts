import { describe, expect, it } from 'vitest';
import { bothRated } from './compare';

describe('the comparison', () => {
  it('lists the anime both rated, side by side, in the profile’s order', () => {
    expect(
      bothRated(
        [
          [3, 5],
          [1, 2],
          [9, 4],
        ],
        { 1: { rating: 4 }, 3: { rating: 1 }, 7: { rating: 5 } },
      ),
    ).toEqual([
      { id: 3, mine: 1, theirs: 5 },
      { id: 1, mine: 4, theirs: 2 },
    ]);
  });

  it('is empty when nothing was rated by both, and ignores unrated entries and repeats', () => {
    expect(bothRated([[1, 5]], {})).toEqual([]);
    expect(bothRated([[1, 5]], { 1: { rating: 0 } })).toEqual([]);
    expect(
      bothRated(
        [
          [1, 5],
          [1, 3],
        ],
        { 1: { rating: 2 } },
      ),
    ).toHaveLength(1);
  });
});

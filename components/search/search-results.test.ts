import { describe, expect, it } from 'vitest';
import type { Anime } from '@/lib/jikan/types';
import { appendUnique } from './search-results';

const anime = (id: number): Anime => ({
  id,
  title: `Anime ${id}`,
  titleEnglish: null,
  titleJapanese: null,
  synopsis: null,
  status: null,
  type: null,
  episodes: null,
  year: null,
  score: null,
  rating: null,
  popularity: null,
  images: { cover: null, small: null },
  genres: [],
});

describe('appendUnique', () => {
  it('appends the next page, skipping anything already shown', () => {
    expect(appendUnique([anime(1), anime(2)], [anime(2), anime(3), anime(3)]).map((a) => a.id)).toEqual([
      1, 2, 3,
    ]);
  });
});

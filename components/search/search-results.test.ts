import { describe, expect, it } from 'vitest';
import type { Anime } from '@/lib/jikan/types';
import { appendUnique } from './search-results';
import { testAnime } from '@/lib/jikan/test-anime';

const anime = (id: number): Anime => testAnime({ id });

describe('appendUnique', () => {
  it('appends the next page, skipping anything already shown', () => {
    expect(appendUnique([anime(1), anime(2)], [anime(2), anime(3), anime(3)]).map((a) => a.id)).toEqual([
      1, 2, 3,
    ]);
  });
});

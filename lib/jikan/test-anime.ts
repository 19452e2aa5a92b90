import type { Anime } from './types';

/**
 * A listing record for tests: every nullable field empty, as the mapper hands over a bare record.
 * Tests state only the fields they care about.
 */
export function testAnime(overrides: Partial<Anime> & { id: number }): Anime {
  return {
    title: `Anime ${overrides.id}`,
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
    ...overrides,
  };
}

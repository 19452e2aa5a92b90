import { UNKNOWN_FACTS, type Anime } from './types';

/**
 * A listing record for tests: every nullable field empty, as the mapper hands over a bare record.
 * Tests state only the fields they care about.
 */
export function testAnime(overrides: Partial<Anime> & { id: number }): Anime {
  return {
    title: `Anime ${overrides.id}`,
    ...UNKNOWN_FACTS,
    images: { cover: null, small: null },
    genres: [],
    ...overrides,
  };
}

/**
 * Title matching for the offline catalogue: one normal form for titles and queries, and the
 * relevance tiers search ranks by (the same order the anime database uses: exact, prefix, word
 * prefix, substring), plus "every word somewhere" for queries whose words are out of order.
 */

/**
 * Case, width and Latin diacritics folded; punctuation and spaces become single spaces.
 * NFKC turns full-width "ＮＡＲＵＴＯ" into "NARUTO" and half-width kana into full-width; only the
 * combining marks of Latin letters (U+0300–U+036F) are dropped, so "Pokémon" finds "pokemon" while
 * Japanese voicing marks (U+3099/U+309A) stay: が and か are different syllables.
 */
export function normalizeTitle(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const MATCH = { exact: 0, prefix: 1, wordPrefix: 2, substring: 3, allWords: 4 } as const;
export type MatchTier = (typeof MATCH)[keyof typeof MATCH];

/** A normalised query with what matching needs computed once, not once per title. */
export interface PreparedQuery {
  text: string;
  spaced: string;
  words: string[];
}

export function prepareQuery(normalized: string): PreparedQuery {
  return {
    text: normalized,
    spaced: ` ${normalized}`,
    words: normalized.includes(' ') ? normalized.split(' ') : [],
  };
}

/** How well normalised `title` matches the normalised query; null when it does not. */
export function matchTier(title: string, query: string | PreparedQuery): MatchTier | null {
  const { text, spaced, words } = typeof query === 'string' ? prepareQuery(query) : query;
  if (!text || !title) return null;
  // One substring search decides most titles: no occurrence, and only "all words" can match.
  const at = title.indexOf(text);
  if (at === 0) return title.length === text.length ? MATCH.exact : MATCH.prefix;
  if (at > 0) return title[at - 1] === ' ' || title.includes(spaced) ? MATCH.wordPrefix : MATCH.substring;
  if (words.length > 1 && words.every((word) => title.includes(word))) return MATCH.allWords;
  return null;
}

import { describe, expect, it } from 'vitest';
import { MATCH, matchTier, normalizeTitle } from './normalize';

describe('normalizeTitle', () => {
  it('folds case, width, Latin diacritics and punctuation', () => {
    expect(normalizeTitle('ＮＡＲＵＴＯ -ナルト-')).toBe('naruto ナルト');
    expect(normalizeTitle('Pokémon')).toBe('pokemon');
    expect(normalizeTitle('Steins;Gate')).toBe('steins gate');
    expect(normalizeTitle('  HUNTER×HUNTER(2011) ')).toBe('hunter hunter 2011');
    // Half-width katakana becomes full-width; Japanese voicing marks are kept (ガ is not カ).
    expect(normalizeTitle('ｶﾞﾝﾀﾞﾑ')).toBe('ガンダム');
    expect(normalizeTitle('ガンダム')).not.toBe(normalizeTitle('カンタム'));
  });
});

describe('matchTier', () => {
  it('ranks exact, prefix, word prefix, substring, then all words', () => {
    expect(matchTier('naruto', 'naruto')).toBe(MATCH.exact);
    expect(matchTier('naruto shippuden', 'naruto')).toBe(MATCH.prefix);
    expect(matchTier('the last naruto the movie', 'naruto')).toBe(MATCH.wordPrefix);
    expect(matchTier('borutonaruto', 'naruto')).toBe(MATCH.substring);
    expect(matchTier('attack on titan', 'titan attack')).toBe(MATCH.allWords);
    expect(matchTier('one piece', 'naruto')).toBeNull();
    expect(matchTier('naruto', '')).toBeNull();
  });

  it('finds Japanese inside a title with no spaces', () => {
    expect(matchTier(normalizeTitle('進撃の巨人 The Final Season'), normalizeTitle('巨人'))).toBe(
      MATCH.substring,
    );
    expect(matchTier(normalizeTitle('進撃の巨人'), normalizeTitle('進撃'))).toBe(MATCH.prefix);
  });
});

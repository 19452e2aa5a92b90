import { describe, expect, it } from 'vitest';
import { MAX_ANIME_ID, parseAnimeId } from './anime-id';

describe('parseAnimeId', () => {
  it('accepts positive ids in plain digits', () => {
    expect(parseAnimeId('1')).toBe(1);
    expect(parseAnimeId('52991')).toBe(52991);
    expect(parseAnimeId(String(MAX_ANIME_ID))).toBe(MAX_ANIME_ID);
  });

  it.each(['abc', '-1', '0', '007', '1e3', '1.0', ' 5', '5 ', '', '10000000', '9999999999999999', '0x10'])(
    'refuses %j',
    (raw) => {
      expect(parseAnimeId(raw)).toBeNull();
    },
  );

  it('refuses a missing value', () => {
    expect(parseAnimeId(null)).toBeNull();
    expect(parseAnimeId(undefined)).toBeNull();
  });
});

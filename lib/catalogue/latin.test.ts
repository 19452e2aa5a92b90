import { describe, expect, it } from 'vitest';
import { firstLatinTitle, isLatinTitle } from './latin';

describe('isLatinTitle', () => {
  it('accepts Latin script with accents and punctuation, refuses kanji, kana and mixes', () => {
    expect(isLatinTitle('Mushishi')).toBe(true);
    expect(isLatinTitle('Mushi-Shi: Zoku Shou')).toBe(true);
    expect(isLatinTitle('Pokémon')).toBe(true);
    expect(isLatinTitle('蟲師')).toBe(false);
    expect(isLatinTitle('しろくまカフェ')).toBe(false);
    expect(isLatinTitle('ONE PIECE 劇場版')).toBe(false);
    expect(isLatinTitle('2.43')).toBe(false);
    expect(isLatinTitle(null)).toBe(false);
  });

  it('finds the first Latin-script title', () => {
    expect(firstLatinTitle([null, '蟲師', 'Mushi-Shi', 'Mushishi'])).toBe('Mushi-Shi');
    expect(firstLatinTitle(['蟲師'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { animeTitle, formatScore } from './anime-display';

describe('animeTitle', () => {
  const both = { title: 'Shingeki no Kyojin', titleEnglish: 'Attack on Titan' };

  it('prefers the English title in English and the title otherwise (SPEC §2)', () => {
    expect(animeTitle(both, 'en')).toBe('Attack on Titan');
    expect(animeTitle(both, 'pt')).toBe('Shingeki no Kyojin');
  });

  it('falls back to whichever title exists', () => {
    expect(animeTitle({ title: 'Konoha Hiden', titleEnglish: null }, 'en')).toBe('Konoha Hiden');
    expect(animeTitle({ title: null, titleEnglish: 'Only English' }, 'pt')).toBe('Only English');
  });

  it('is null when the record has no title at all (the card shows N/A)', () => {
    expect(animeTitle({ title: null, titleEnglish: null }, 'pt')).toBeNull();
  });
});

describe('formatScore', () => {
  it('keeps one decimal, in the language’s own notation', () => {
    expect(formatScore(8.01, 'en')).toBe('8.0');
    expect(formatScore(9.1, 'en')).toBe('9.1');
    expect(formatScore(8.01, 'pt')).toBe('8,0');
    expect(formatScore(7.78, 'pt')).toBe('7,8');
    expect(formatScore(10, 'pt')).toBe('10,0');
  });

  it('rounds as Intl.NumberFormat does, for every MyAnimeList score (two decimals)', () => {
    const pt = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const en = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (let hundredths = 1; hundredths <= 1000; hundredths += 1) {
      const score = hundredths / 100;
      expect(formatScore(score, 'pt')).toBe(pt.format(score));
      expect(formatScore(score, 'en')).toBe(en.format(score));
    }
  });

  it('shows nothing for a missing or meaningless score', () => {
    expect(formatScore(null, 'pt')).toBeNull();
    expect(formatScore(0, 'pt')).toBeNull();
    expect(formatScore(Number.NaN, 'en')).toBeNull();
  });
});

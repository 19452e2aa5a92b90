import { describe, expect, it } from 'vitest';
import { countValues, formatCount } from './format-count';

describe('formatCount', () => {
  it('writes whole numbers exactly as Intl.NumberFormat does in both languages', () => {
    const samples = [
      0, 1, 7, 12, 99, 100, 999, 1000, 1100, 9999, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890,
    ];
    for (const locale of ['pt', 'en']) {
      for (const value of [...samples, ...samples.filter((n) => n !== 0).map((n) => -n)]) {
        expect(formatCount(value, locale), `${locale} ${value}`).toBe(
          new Intl.NumberFormat(locale).format(value),
        );
      }
    }
  });

  it('groups digits with a dot in Portuguese and a comma in English', () => {
    expect(formatCount(1100, 'pt')).toBe('1.100');
    expect(formatCount(1100, 'en')).toBe('1,100');
    expect(formatCount(25, 'pt')).toBe('25');
  });

  it('leaves fractions and huge numbers to Intl', () => {
    expect(formatCount(2.5, 'pt')).toBe(new Intl.NumberFormat('pt').format(2.5));
    expect(formatCount(2 ** 60, 'en')).toBe(new Intl.NumberFormat('en').format(2 ** 60));
  });

  it('gives a plural message its count and the text to show', () => {
    expect(countValues(1234, 'pt')).toEqual({ count: 1234, formatted: '1.234' });
  });
});

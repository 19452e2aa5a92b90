import { describe, expect, it } from 'vitest';
import { cleanDisplayName, displayNameProblem, handleFromSegment, handleKey, handleProblem } from './handle';

describe('handle rules', () => {
  it('accepts 3–30 letters, digits, _ and -', () => {
    for (const handle of ['abc', 'Fan_One', 'a-b_c-123', 'x'.repeat(30)])
      expect(handleProblem(handle)).toBeNull();
  });

  it('refuses too short, too long and empty handles', () => {
    expect(handleProblem('ab')).toBe('length');
    expect(handleProblem('')).toBe('length');
    expect(handleProblem('x'.repeat(31))).toBe('length');
    expect(handleProblem('x'.repeat(100_000))).toBe('length');
  });

  it('refuses Unicode look-alikes, spaces, dots and markup', () => {
    for (const handle of [
      'аdmin', // Cyrillic а
      'ｆａｎ', // full-width
      'fan\u200bone', // zero-width space
      'fañ',
      'fan one',
      'fan.one',
      '<b>fan</b>',
      'fan/one',
      'ﬁle', // ligature
    ]) {
      expect(handleProblem(handle), handle).toBe('characters');
    }
  });

  it('refuses reserved words in any case', () => {
    for (const handle of ['admin', 'API', 'Settings', 'anime', 'Profile']) {
      expect(handleProblem(handle), handle).toBe('reserved');
    }
    expect(handleProblem('u')).toBe('length');
  });

  it('compares handles without regard to case', () => {
    expect(handleKey('Fan_One')).toBe(handleKey('fAN_oNE'));
  });

  it('reads a path segment only when a handle could be spelt so', () => {
    expect(handleFromSegment('Fan_One')).toBe('Fan_One');
    expect(handleFromSegment('%D0%B0dmin')).toBeNull();
    expect(handleFromSegment('%E0%A4%A')).toBeNull();
    expect(handleFromSegment('ab')).toBeNull();
  });
});

describe('display name rules', () => {
  it('accepts up to 50 characters of any script', () => {
    expect(displayNameProblem('Ana Beatriz 🌸 アニメ')).toBeNull();
    expect(displayNameProblem('n'.repeat(50))).toBeNull();
    expect(displayNameProblem('n'.repeat(51))).toBe('length');
  });

  it('refuses markup and invisible or control characters', () => {
    expect(displayNameProblem('<script>alert(1)</script>')).toBe('markup');
    expect(displayNameProblem('Ana\u202eanA')).toBe('characters');
    expect(displayNameProblem('Ana\u0000')).toBe('characters');
  });

  it('is kept trimmed with single spaces, empty as none', () => {
    expect(cleanDisplayName('  Ana   Beatriz ')).toBe('Ana Beatriz');
    expect(cleanDisplayName('   ')).toBeNull();
    expect(cleanDisplayName(null)).toBeNull();
  });
});

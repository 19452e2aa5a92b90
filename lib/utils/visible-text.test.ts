import { describe, expect, it } from 'vitest';
import { cleanOpinion, stripInvisible } from './visible-text';

describe('stripInvisible', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['Arabic letter mark', '\u061c'],
    ['left-to-right and right-to-left marks', '\u200e\u200f'],
    ['bidirectional embeddings and overrides', '\u202a\u202b\u202c\u202d\u202e'],
    ['bidirectional isolates', '\u2066\u2067\u2068\u2069'],
    ['byte-order mark', '\ufeff'],
    ['soft hyphen', '\u00ad'],
    ['tag characters', '\u{e0000}\u{e0001}\u{e0041}\u{e007f}'],
    ['C0 and C1 controls', '\u0000\u0007\u001b\u007f\u0085\u009f'],
    ['Hangul fillers', '\u115f\u1160\u3164\uffa0'],
  ])('removes %s', (_name, invisible) => {
    expect(stripInvisible(`a${invisible}b`)).toBe('ab');
  });

  it('keeps letters, accents, emoji and their variation selectors', () => {
    expect(stripInvisible('Ótimo ❤️ 日本 ação')).toBe('Ótimo ❤️ 日本 ação');
  });

  it('removes newlines and tabs unless newlines are kept', () => {
    expect(stripInvisible('a\nb\tc')).toBe('abc');
    expect(stripInvisible('a\nb\tc', { keepNewlines: true })).toBe('a\nbc');
  });
});

describe('cleanOpinion', () => {
  it('is NFC, with line breaks as \\n, tabs as spaces, invisible characters removed, trimmed', () => {
    expect(cleanOpinion('  Cafe\u0301\r\nbom\tdemais\u200b\u2060  ')).toBe('Café\nbom demais');
  });

  it('leaves nothing of an opinion made of invisible characters', () => {
    expect(cleanOpinion('\u200b\u200c\u200d\u2060\u{e0020}')).toBe('');
  });

  it('is idempotent', () => {
    const once = cleanOpinion(' a\u200d\tb\r\nc ');
    expect(cleanOpinion(once)).toBe(once);
  });
});

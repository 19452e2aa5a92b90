import { describe, expect, it } from 'vitest';
import { decodeSearchSegment, encodeSearchSegment, internalPagePath, parseSearchParams } from '@/lib/discovery/params';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { cleanText } from './clean-text';
import { wellFormedPath } from './well-formed-path';

/** The pure half of the hostile-input suite (e2e/hostile-input.spec.ts has the routes). */

describe('cleanText', () => {
  it.each([
    ['NUL and other C0/C1 controls', 'na\u0000ru\u0001to\u009F', 'naruto'],
    ['a right-to-left override', 'Naruto\u202Eotuan', 'Narutootuan'],
    ['bidi isolates and marks', '\u2066a\u2069\u200Fb\u200E', 'ab'],
    ['zero-width spaces and a BOM', '\uFEFF\u200Bnaru\u2060to', 'naruto'],
    ['surrounding whitespace, tabs and newlines', ' \t naruto \n', 'naruto'],
    ['only controls', '\u0000\u0001\u001F\u202E', ''],
  ])('removes %s', (_name, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it.each([
    ['zero-width joiners', 'a\u200Db\u200Dc'],
    ['an emoji with a skin-tone modifier', '👋🏽 naruto'],
    ['combining marks', 'Nar\u0303u\u0301to'],
    ['markup (escaping is the renderer’s job)', '<script>alert(1)</script>'],
    ['full-width digits', '１２３'],
    ['Japanese', 'ナルト'],
  ])('keeps %s', (_name, input) => {
    expect(cleanText(input)).toBe(input);
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(cleanText('a\uD800b')).toBe('a\uFFFDb');
    expect(cleanText('a\uDC00')).toBe('a\uFFFD');
    expect(cleanText('😀')).toBe('😀');
  });
});

describe('search state from hostile URLs', () => {
  const state = (query: string) => parseSearchParams(new URLSearchParams(query));

  it('reads percent-encoded NUL, lone surrogates and overrides as the cleaned text', () => {
    expect(state('q=%00').q).toBe('');
    expect(state('q=%ED%A0%80').q).toBe('\uFFFD\uFFFD\uFFFD');
    expect(state('q=%E2%80%AEnaruto').q).toBe('naruto');
  });

  it('takes the first of repeated parameters and ignores array-ish names', () => {
    expect(state('q=a&q=b').q).toBe('a');
    expect(state('q[]=x').q).toBe('');
    expect(state('sort=%3Cscript%3E&view=..%2F').sort).toBe('relevance');
    expect(state('sort=%3Cscript%3E&view=..%2F').view).toBe('grid');
  });

  it('turns any query into one safe path segment that decodes back to it', () => {
    for (const q of ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '../../etc', '%00', '👋🏽']) {
      const path = internalPagePath('/search', new URLSearchParams({ q }), 'pt');
      const segment = path.split('/').at(-1)!;
      expect(segment).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeSearchSegment(segment)).toBe(cleanText(q));
    }
    expect(decodeSearchSegment('%ZZ')).toBe('');
    expect(decodeSearchSegment(encodeSearchSegment('ok'))).toBe('ok');
  });

  it('keeps at most one character past the limit of a 10 000-character query', () => {
    const path = internalPagePath('/search', new URLSearchParams({ q: 'a'.repeat(10_000) }), 'pt');
    expect(decodeSearchSegment(path.split('/').at(-1)!)).toHaveLength(201);
  });
});

describe('anime ids from hostile URLs', () => {
  it.each(['abc', '-1', '0', '1e3', '99999999999', '1.5', ' 1', '1 ', '\u0000', '../1', '１２３', '01', '0x10', '', '\uD800'])(
    'refuses %j',
    (raw) => {
      expect(parseAnimeId(raw)).toBeNull();
    },
  );

  it('accepts plain ids', () => {
    expect(parseAnimeId('1')).toBe(1);
    expect(parseAnimeId('9999999')).toBe(9_999_999);
  });
});

describe('wellFormedPath', () => {
  it('leaves decodable paths alone', () => {
    expect(wellFormedPath('/anime/20')).toBeNull();
    expect(wellFormedPath('/search/%E2%9C%93')).toBeNull();
  });

  it('escapes the % of undecodable segments only, so they decode to what was sent', () => {
    expect(wellFormedPath('/anime/%ED%A0%80')).toBe('/anime/%25ED%25A0%2580');
    expect(wellFormedPath('/anime/%FF/edit')).toBe('/anime/%25FF/edit');
    expect(wellFormedPath('/a/%E2%9C%93/50%')).toBe('/a/%E2%9C%93/50%25');
    expect(decodeURIComponent(wellFormedPath('/x/%ED%A0%80')!)).toBe('/x/%ED%A0%80');
  });
});

import { describe, expect, it } from 'vitest';
import { safeIdsOf, sitemapPart, sitemapPartCount } from './parts';

describe('sitemap parts', () => {
  it('has one part for nothing or a part of addresses, and one more for each part beyond', () => {
    expect(sitemapPartCount(0)).toBe(1);
    expect(sitemapPartCount(10_000)).toBe(1);
    expect(sitemapPartCount(10_001)).toBe(2);
    expect(sitemapPartCount(28_000)).toBe(3);
    expect(sitemapPartCount(5, 2)).toBe(3);
  });

  it('cuts the ids into parts in order, and answers nothing past the end or for a malformed part', () => {
    const ids = [1, 2, 3, 4, 5];
    expect([0, 1, 2].map((part) => sitemapPart(ids, part, 2))).toEqual([[1, 2], [3, 4], [5]]);
    expect(sitemapPart(ids, 3, 2)).toEqual([]);
    expect(sitemapPart(ids, -1, 2)).toEqual([]);
    expect(sitemapPart(ids, Number.NaN, 2)).toEqual([]);
    expect(sitemapPart(ids, 0.5, 2)).toEqual([]);
  });
});

describe('safeIdsOf', () => {
  it('keeps the records the adult gate lets anyone see, and leaves out every adult one', () => {
    const records = [
      { id: 1, rating: 'PG-13 - Teens 13 or older', genres: ['Action'] },
      { id: 2, rating: 'Rx - Hentai', genres: ['Hentai'] },
      { id: 3, rating: 'R+ - Mild Nudity', genres: ['Comedy'] },
      { id: 4, rating: 'PG-13 - Teens 13 or older', genres: ['Ecchi', 'Romance'] },
      { id: 5, rating: null, genres: [] },
      { id: 6, rating: 'R - 17+ (violence & profanity)', genres: ['Harem'] },
      { id: 0, rating: 'G - All Ages', genres: [] },
    ];
    expect(safeIdsOf(records)).toEqual([1, 5]);
  });
});

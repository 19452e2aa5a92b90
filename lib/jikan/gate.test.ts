import { describe, expect, it } from 'vitest';
import { gateAnimeDetails, isGatedAnime, toGatedAnime } from './gate';
import type { AnimeDetails } from './types';

function details(overrides: Partial<AnimeDetails> = {}): AnimeDetails {
  return {
    id: 5042,
    title: 'Kiss x Sis',
    titleEnglish: 'Kiss x Sis (EN)',
    titleJapanese: 'キス×シス',
    synopsis: 'A synopsis that must not leak.',
    status: 'Finished Airing',
    type: 'OVA',
    episodes: 12,
    year: 2010,
    score: 7.1,
    rating: 'R+ - Mild Nudity',
    popularity: 1200,
    images: {
      cover: 'https://cdn.myanimelist.net/cover.jpg',
      small: 'https://cdn.myanimelist.net/small.jpg',
    },
    genres: ['Comedy', 'Ecchi', 'Harem'],
    titles: [{ type: 'Default', title: 'Kiss x Sis' }],
    source: 'Manga',
    duration: '24 min',
    airedString: '2010',
    trailerYoutubeId: 'abcdefghijk',
    studios: ['Feel.'],
    externalLinks: [{ name: 'Official Site', url: 'https://example.com/' }],
    banner: 'https://cdn.myanimelist.net/banner.jpg',
    ...overrides,
  };
}

describe('toGatedAnime', () => {
  it('keeps only what the adult notice needs, flagged adult', () => {
    expect(toGatedAnime(details())).toEqual({
      id: 5042,
      title: 'Kiss x Sis',
      titleEnglish: 'Kiss x Sis (EN)',
      titleJapanese: 'キス×シス',
      rating: 'R+ - Mild Nudity',
      genres: ['Comedy', 'Ecchi', 'Harem'],
      adult: true,
    });
  });

  it('carries no cover, banner, synopsis, trailer, studios or links', () => {
    const text = JSON.stringify(toGatedAnime(details()));
    for (const secret of ['cdn.myanimelist.net', 'must not leak', 'abcdefghijk', 'example.com', 'Feel.']) {
      expect(text).not.toContain(secret);
    }
  });

  it('copies the genres (a later change to the record does not reach the stub)', () => {
    const record = details();
    const stub = toGatedAnime(record);
    record.genres.push('Hentai');
    expect(stub.genres).toEqual(['Comedy', 'Ecchi', 'Harem']);
  });
});

describe('gateAnimeDetails', () => {
  it('gates adult records for anyone without adult access', () => {
    for (const adult of [
      { rating: 'Rx - Hentai' },
      { rating: 'R+ - Mild Nudity' },
      { rating: null, genres: ['Yuri'] },
    ]) {
      const answer = gateAnimeDetails(details(adult), { adult: false });
      expect(isGatedAnime(answer)).toBe(true);
    }
  });

  it('answers the full record to a verified adult, and any non-adult record to anyone', () => {
    const adultRecord = details();
    expect(gateAnimeDetails(adultRecord, { adult: true })).toBe(adultRecord);
    const safe = details({ rating: 'PG-13 - Teens 13 or older', genres: ['Action', 'Girls Love'] });
    expect(gateAnimeDetails(safe, { adult: false })).toBe(safe);
    expect(isGatedAnime(safe)).toBe(false);
  });

  it('gates an offline record whose adult facts are unknown, marked unverified', () => {
    const unknown = details({
      rating: null,
      genres: [],
      offline: true,
      adultFactsUnknown: true,
      synopsis: null,
    });
    const answer = gateAnimeDetails(unknown, { adult: false });
    expect(isGatedAnime(answer)).toBe(true);
    expect(answer).toMatchObject({ adult: true, unverified: true });
    expect(JSON.stringify(answer)).not.toContain('cdn.myanimelist.net');
    expect(gateAnimeDetails(unknown, { adult: true })).toBe(unknown);
    // A known-adult stub is not called unverified.
    expect(toGatedAnime(details())).not.toHaveProperty('unverified');
  });
});

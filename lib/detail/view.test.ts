import { describe, expect, it } from 'vitest';
import { animeTitle } from '@/lib/anime-display';
import { detailVisibility, formatDuration } from './view';

const anonymous = { adult: false };
const adult = { adult: true };

describe('detailVisibility', () => {
  it('gates an offline record whose adult facts are unknown, as unverified', () => {
    const unknown = { rating: null, genres: [], adultFactsUnknown: true as const };
    expect(detailVisibility(unknown, anonymous)).toEqual({ banner: true, gated: true, unverified: true });
    expect(detailVisibility(unknown, adult)).toEqual({ banner: false, gated: false, unverified: false });
  });

  it('shows everything and no banner for an ordinary record', () => {
    expect(detailVisibility({ rating: 'PG-13 - Teens 13 or older', genres: ['Action'] }, anonymous)).toEqual({
      banner: false,
      gated: false,
      unverified: false,
    });
  });

  it.each(['Hentai', 'Ecchi', 'Yuri', 'Yaoi', 'Harem', 'reverse HAREM'])(
    'gates a record with the genre %s and warns about it',
    (genre) => {
      expect(
        detailVisibility({ rating: 'PG-13 - Teens 13 or older', genres: ['Comedy', genre] }, anonymous),
      ).toEqual({
        banner: true,
        gated: true,
        unverified: false,
      });
    },
  );

  it.each(['R+ - Mild Nudity', 'Rx - Hentai'])('gates a %s record even without an adult genre', (rating) => {
    expect(detailVisibility({ rating, genres: ['Comedy'] }, anonymous)).toEqual({
      banner: true,
      gated: true,
      unverified: false,
    });
  });

  it('does not gate R - 17+ or "Girls Love"', () => {
    expect(
      detailVisibility({ rating: 'R - 17+ (violence & profanity)', genres: ['Girls Love'] }, anonymous),
    ).toEqual({
      banner: false,
      gated: false,
      unverified: false,
    });
  });

  it('shows a verified adult everything, keeping the warning for adult genres', () => {
    expect(detailVisibility({ rating: 'Rx - Hentai', genres: ['Hentai'] }, adult)).toEqual({
      banner: true,
      gated: false,
      unverified: false,
    });
    expect(detailVisibility({ rating: 'R+ - Mild Nudity', genres: [] }, adult)).toEqual({
      banner: false,
      gated: false,
      unverified: false,
    });
  });
});

describe('detail page title rules (SPEC §2)', () => {
  it('prefers the English title in English, the title in Portuguese, each falling back to the other', () => {
    const record = { title: 'Shingeki no Kyojin', titleEnglish: 'Attack on Titan' };
    expect(animeTitle(record, 'en')).toBe('Attack on Titan');
    expect(animeTitle(record, 'pt')).toBe('Shingeki no Kyojin');
    expect(animeTitle({ title: null, titleEnglish: 'Only English' }, 'pt')).toBe('Only English');
    expect(animeTitle({ title: 'Only Romaji', titleEnglish: null }, 'en')).toBe('Only Romaji');
  });
});

describe('formatDuration', () => {
  it('translates the units into Portuguese', () => {
    expect(formatDuration('24 min per ep', 'pt')).toBe('24 min por episódio');
    expect(formatDuration('1 hr 55 min', 'pt')).toBe('1 h 55 min');
    expect(formatDuration('24 min per ep', 'en')).toBe('24 min per ep');
  });

  it('is null for a missing or unknown duration', () => {
    expect(formatDuration(null, 'pt')).toBeNull();
    expect(formatDuration('Unknown', 'en')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { toAnime, toAnimeDetails, toAnimeList, toBroadcast } from './mappers';
import { jikanAnimeSchema, type JikanAnime } from './schemas';
import { testAnime } from './test-anime';

/** A record as sparse as real ones get: nulls and missing fields everywhere. */
const sparse: JikanAnime = jikanAnimeSchema.parse({
  mal_id: 58_000,
  url: 'https://myanimelist.net/anime/58000',
  images: { jpg: { image_url: null, small_image_url: null, large_image_url: null }, webp: null },
  trailer: { youtube_id: null, url: null, embed_url: null },
  title: 'Untitled Project',
  title_english: null,
  title_japanese: null,
  type: null,
  source: 'Unknown',
  episodes: null,
  status: 'Not yet aired',
  aired: {
    from: null,
    to: null,
    string: 'Not available',
    prop: { from: { day: null, month: null, year: null }, to: null },
  },
  duration: 'Unknown',
  rating: null,
  score: null,
  scored_by: null,
  rank: null,
  popularity: 0,
  synopsis: null,
  background: null,
  season: null,
  year: null,
  genres: [],
  themes: [],
  studios: [],
});

const rich: JikanAnime = jikanAnimeSchema.parse({
  mal_id: 1,
  approved: true,
  images: {
    jpg: {
      image_url: 'https://cdn.myanimelist.net/images/anime/4/19644.jpg',
      small_image_url: 'https://cdn.myanimelist.net/images/anime/4/19644t.jpg',
      large_image_url: 'https://cdn.myanimelist.net/images/anime/4/19644l.jpg',
    },
    webp: { image_url: 'https://cdn.myanimelist.net/images/anime/4/19644.webp' },
  },
  trailer: {
    youtube_id: null,
    url: null,
    embed_url: 'https://www.youtube-nocookie.com/embed/gY5nDXOtv_o?enablejsapi=1',
  },
  titles: [
    { type: 'Default', title: 'Cowboy Bebop' },
    { type: 'Japanese', title: 'カウボーイビバップ' },
    { type: 'English', title: 'Cowboy Bebop (EN)' },
  ],
  title: 'Cowboy Bebop',
  title_english: null,
  type: 'TV',
  episodes: 26,
  status: 'Finished Airing',
  aired: { string: 'Apr 3, 1998 to Apr 24, 1999', prop: { from: { year: 1998 } } },
  duration: '24 min per ep',
  rating: 'R - 17+ (violence & profanity)',
  score: 8.75,
  popularity: 43,
  synopsis: 'Crime is timeless.',
  background:
    'When Cowboy Bebop first aired in spring of 1998 on TV Tokyo, only ten episodes were broadcast.',
  year: null,
  genres: [{ mal_id: 1, type: 'anime', name: 'Action', url: 'x' }],
  explicit_genres: [],
  themes: [{ mal_id: 50, type: 'anime', name: 'Adult Cast', url: 'x' }],
  studios: [{ mal_id: 14, type: 'anime', name: 'Sunrise', url: 'x' }, { name: null }],
  external: [
    { name: 'Official Site', url: 'http://www.cowboybebop.org/' },
    { name: 'Evil', url: 'javascript:alert(1)' },
    { name: null, url: 'https://en.wikipedia.org/wiki/Cowboy_Bebop' },
  ],
  external_links: [{ site: 'AniDB', url: 'https://anidb.net/a23' }],
  source: 'Original',
});

describe('toAnime', () => {
  it('maps a null-heavy record to nulls and empty lists', () => {
    expect(toAnime(sparse)).toEqual(
      testAnime({ id: 58_000, title: 'Untitled Project', status: 'Not yet aired' }),
    );
  });

  it('survives a record with nothing but an id', () => {
    const bare = toAnime(jikanAnimeSchema.parse({ mal_id: 7 }));
    expect(bare.id).toBe(7);
    expect(bare.title).toBeNull();
    expect(bare.genres).toEqual([]);
  });

  it('prefers the large jpg cover, then jpg, then webp', () => {
    expect(toAnime(rich).images).toEqual({
      cover: 'https://cdn.myanimelist.net/images/anime/4/19644l.jpg',
      small: 'https://cdn.myanimelist.net/images/anime/4/19644t.jpg',
    });
    const jpgOnly = jikanAnimeSchema.parse({
      mal_id: 2,
      images: { jpg: { image_url: 'https://a/j.jpg', large_image_url: '' } },
    });
    expect(toAnime(jpgOnly).images).toEqual({ cover: 'https://a/j.jpg', small: 'https://a/j.jpg' });
    const webpOnly = jikanAnimeSchema.parse({
      mal_id: 3,
      images: { jpg: null, webp: { image_url: 'https://a/w.webp' } },
    });
    expect(toAnime(webpOnly).images.cover).toBe('https://a/w.webp');
  });

  it('falls back to the titles[] entries for the English and Japanese titles', () => {
    const mapped = toAnime(rich);
    expect(mapped.title).toBe('Cowboy Bebop');
    expect(mapped.titleEnglish).toBe('Cowboy Bebop (EN)');
    expect(mapped.titleJapanese).toBe('カウボーイビバップ');
    const noTitle = jikanAnimeSchema.parse({
      mal_id: 4,
      title: ' ',
      titles: [{ type: 'Default', title: 'From titles' }],
    });
    expect(toAnime(noTitle).title).toBe('From titles');
  });

  it('takes the year from the airing date when year is null, and merges genres with themes', () => {
    const mapped = toAnime(rich);
    expect(mapped.year).toBe(1998);
    expect(mapped.genres).toEqual(['Action', 'Adult Cast']);
    expect(mapped.popularity).toBe(43);
    expect(mapped.score).toBe(8.75);
  });

  it('puts explicit genres and themes in genres so the adult filter sees them', () => {
    const record = jikanAnimeSchema.parse({
      mal_id: 5,
      genres: [{ name: 'Comedy' }],
      explicit_genres: [{ name: 'Hentai' }],
      themes: [{ name: 'Harem' }, { name: 'Comedy' }],
    });
    expect(toAnime(record).genres).toEqual(['Comedy', 'Hentai', 'Harem']);
  });
});

describe('toAnimeDetails', () => {
  it('maps the detail fields', () => {
    const details = toAnimeDetails(rich);
    expect(details.titles).toHaveLength(3);
    expect(details.source).toBe('Original');
    expect(details.duration).toBe('24 min per ep');
    expect(details.airedString).toBe('Apr 3, 1998 to Apr 24, 1999');
    expect(details.studios).toEqual(['Sunrise']);
  });

  it('reads the trailer id from embed_url when youtube_id is null', () => {
    expect(toAnimeDetails(rich).trailerYoutubeId).toBe('gY5nDXOtv_o');
    const direct = jikanAnimeSchema.parse({ mal_id: 1, trailer: { youtube_id: 'qig4KOK2R2g' } });
    expect(toAnimeDetails(direct).trailerYoutubeId).toBe('qig4KOK2R2g');
    const watch = jikanAnimeSchema.parse({
      mal_id: 1,
      trailer: { url: 'https://www.youtube.com/watch?v=qig4KOK2R2g' },
    });
    expect(toAnimeDetails(watch).trailerYoutubeId).toBe('qig4KOK2R2g');
    expect(toAnimeDetails(sparse).trailerYoutubeId).toBeNull();
  });

  it('keeps only http(s) external links, from external[] and external_links[], named by name or site', () => {
    expect(toAnimeDetails(rich).externalLinks).toEqual([
      { name: 'Official Site', url: 'http://www.cowboybebop.org/' },
      { name: 'en.wikipedia.org', url: 'https://en.wikipedia.org/wiki/Cowboy_Bebop' },
      { name: 'AniDB', url: 'https://anidb.net/a23' },
    ]);
  });

  it('never takes the background paragraph for a banner', () => {
    expect(toAnimeDetails(rich).banner).toBeNull();
    expect(toAnimeDetails(sparse).banner).toBeNull();
  });

  it('takes bannerImage, else a background that is an image URL', () => {
    const withBanner = jikanAnimeSchema.parse({
      mal_id: 1,
      bannerImage: 'https://s4.anilist.co/file/banner.jpg',
      background: 'https://example.com/other.jpg',
    });
    expect(toAnimeDetails(withBanner).banner).toBe('https://s4.anilist.co/file/banner.jpg');
    const urlBackground = jikanAnimeSchema.parse({ mal_id: 1, background: 'https://example.com/bg.jpg' });
    expect(toAnimeDetails(urlBackground).banner).toBe('https://example.com/bg.jpg');
    const scriptBanner = jikanAnimeSchema.parse({ mal_id: 1, bannerImage: 'javascript:alert(1)' });
    expect(toAnimeDetails(scriptBanner).banner).toBeNull();
  });

  it('maps a sparse record without throwing', () => {
    const details = toAnimeDetails(sparse);
    expect(details).toMatchObject({
      titles: [],
      source: 'Unknown',
      airedString: 'Not available',
      studios: [],
      externalLinks: [],
      banner: null,
    });
  });
});

describe('toAnimeList', () => {
  it('drops records whose approved is false, keeping true and absent', () => {
    const records = [1, 2, 3].map((id) => jikanAnimeSchema.parse({ mal_id: id, title: `t${id}` }));
    records[1] = { ...records[1]!, approved: false };
    records[2] = { ...records[2]!, approved: true };
    expect(toAnimeList(records).map((a) => a.id)).toEqual([1, 3]);
  });
});

describe('toBroadcast', () => {
  const airing = (broadcast: unknown, extra: Record<string, unknown> = {}) =>
    jikanAnimeSchema.parse({
      mal_id: 1,
      status: 'Currently Airing',
      airing: true,
      aired: { from: '2025-10-05T00:00:00+00:00' },
      broadcast,
      ...extra,
    });

  it('reads Jikan’s plural weekday, time and zone, with the first air date', () => {
    const slot = { day: 'Mondays', time: '00:05', timezone: 'Asia/Tokyo', string: 'Mondays at 00:05 (JST)' };
    expect(toBroadcast(airing(slot))).toEqual({
      day: 1,
      time: '00:05',
      timezone: 'Asia/Tokyo',
      startDate: '2025-10-05',
    });
    expect(toAnimeDetails(airing(slot)).broadcast?.day).toBe(1);
  });

  it('takes Japanese time when the zone is missing, and refuses what cannot be placed', () => {
    expect(toBroadcast(airing({ day: 'Sundays', time: '9:30', timezone: null }))).toMatchObject({
      day: 0,
      time: '09:30',
      timezone: 'Asia/Tokyo',
    });
    expect(toBroadcast(airing({ day: null, time: null, timezone: null, string: 'Unknown' }))).toBeNull();
    expect(toBroadcast(airing({ day: 'Mondays', time: '25:00', timezone: 'Asia/Tokyo' }))).toBeNull();
    expect(toBroadcast(airing({ day: 'Mondays', time: '10:00', timezone: 'Mars/Olympus' }))).toBeNull();
    expect(toBroadcast(airing(null))).toBeNull();
  });

  it('drops the old slot of a finished show', () => {
    const finished = airing(
      { day: 'Thursdays', time: '19:30', timezone: 'Asia/Tokyo' },
      { status: 'Finished Airing', airing: false },
    );
    expect(toBroadcast(finished)).toBeNull();
    expect(toAnimeDetails(sparse).broadcast).toBeNull();
  });
});

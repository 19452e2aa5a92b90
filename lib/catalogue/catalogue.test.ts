import { describe, expect, it } from 'vitest';
import { testAnime } from '@/lib/jikan/test-anime';
import { airedString } from './catalogue';
import { TEST_ITEMS, TEST_TODAY, testCatalogue } from './test-catalogue';

const ids = (items: { id: number }[]) => items.map((anime) => anime.id);
const search = (q: string, extra: Partial<Parameters<ReturnType<typeof testCatalogue>['search']>[0]> = {}) =>
  testCatalogue().search({ q, page: 1, limit: 25, ...extra }, TEST_TODAY);

describe('Catalogue.search', () => {
  it('ranks exact, prefix and word-prefix matches in that order', () => {
    // "Naruto" (English, exact) · "Naruto Shippuden" (prefix) · "THE LAST -NARUTO…" (word prefix)
    expect(ids(search('naruto').items)).toEqual([20, 1735, 16870]);
  });

  it('matches Japanese and Chinese titles, and full-width input', () => {
    expect(ids(search('進撃').items)).toEqual([16498]);
    expect(ids(search('巨人').items)).toEqual([16498]);
    expect(ids(search('火影').items)).toEqual([20]);
    expect(ids(search('ＮＡＲＵＴＯ').items)).toEqual([20, 1735, 16870]);
    expect(ids(search('ナルト 疾風伝').items)).toEqual([1735]);
    // Both match as a word prefix: the shorter title is the closer match.
    expect(ids(search('ナルト').items)).toEqual([20, 1735]);
  });

  it('answers records without score, synopsis or popularity, marked offline', () => {
    const [naruto] = search('naruto').items;
    expect(naruto).toMatchObject({
      id: 20,
      // Its own title is Japanese script: the Latin-script English one stands in.
      title: 'Naruto',
      titleEnglish: 'Naruto',
      titleJapanese: 'NARUTO -ナルト-',
      type: 'TV',
      year: 2002,
      status: 'Finished Airing',
      score: null,
      synopsis: null,
      popularity: null,
      offline: true,
      // bangumi-data has no age rating or genres: never fetched, its adult facts are unknown.
      adultFactsUnknown: true,
    });
  });

  it('knows the adult facts of a record learnt from the database, adult or not', () => {
    const catalogue = testCatalogue();
    catalogue.remember(testAnime({ id: 20, title: 'Naruto', rating: 'PG-13 - Teens 13 or older' }));
    catalogue.remember(testAnime({ id: 1735, title: 'Naruto: Shippuuden', rating: 'R+ - Mild Nudity' }));
    const byId = new Map(
      catalogue.search({ q: 'naruto', page: 1, limit: 25 }, TEST_TODAY).items.map((a) => [a.id, a]),
    );
    expect(byId.get(20)).not.toHaveProperty('adultFactsUnknown');
    expect(byId.get(1735)).toMatchObject({ rating: 'R+ - Mild Nudity' });
    expect(byId.get(1735)).not.toHaveProperty('adultFactsUnknown');
    expect(byId.get(16870)).toMatchObject({ adultFactsUnknown: true });
    expect(catalogue.details(16870, TEST_TODAY)).toMatchObject({ adultFactsUnknown: true });
    expect(catalogue.details(20, TEST_TODAY)).not.toHaveProperty('adultFactsUnknown');
  });

  it('finds a record by the English title the database taught it (enrichment)', () => {
    const catalogue = testCatalogue();
    const query = { q: 'attack on titan', page: 1, limit: 25 };
    expect(catalogue.search(query, TEST_TODAY).items).toEqual([]);
    catalogue.remember(
      testAnime({
        id: 16498,
        title: 'Shingeki no Kyojin',
        titleEnglish: 'Attack on Titan',
        images: { cover: 'https://cdn.example/aot.jpg', small: null },
        genres: ['Action'],
        score: 8.5,
        synopsis: 'Walls.',
      }),
    );
    const [found] = catalogue.search(query, TEST_TODAY).items;
    // Titles, cover and genres from the database; status and dates from the catalogue; still no
    // score or synopsis (those go stale, and the badge says they are missing).
    expect(found).toMatchObject({
      id: 16498,
      title: 'Shingeki no Kyojin',
      titleEnglish: 'Attack on Titan',
      status: 'Finished Airing',
      images: { cover: 'https://cdn.example/aot.jpg', small: null },
      genres: ['Action'],
      score: null,
      synopsis: null,
    });
    expect(ids(catalogue.search({ q: 'shingeki', page: 1, limit: 25 }, TEST_TODAY).items)).toEqual([16498]);
  });

  it('finds records the catalogue lacks once the database showed them', () => {
    const catalogue = testCatalogue();
    catalogue.remember(testAnime({ id: 90101, title: 'Hoshi no Kartographer', type: 'TV', year: 2025 }));
    expect(catalogue.search({ q: 'kartographer', page: 1, limit: 25 }, TEST_TODAY).items[0]).toMatchObject({
      id: 90101,
      title: 'Hoshi no Kartographer',
      type: 'TV',
      year: 2025,
      offline: true,
    });
  });

  it('orders equally good matches by the database’s popularity when known', () => {
    const catalogue = testCatalogue();
    catalogue.remember(testAnime({ id: 16870, title: 'The Last: Naruto the Movie', popularity: 400 }));
    catalogue.remember(testAnime({ id: 1735, title: 'Naruto: Shippuuden', popularity: 17 }));
    expect(ids(catalogue.search({ q: 'naruto', page: 1, limit: 25 }, TEST_TODAY).items)).toEqual([
      20, 1735, 16870,
    ]);
    // Both prefixes of "naru": the known popular one first; the movie stays a word prefix.
    expect(ids(catalogue.search({ q: 'naru', page: 1, limit: 25 }, TEST_TODAY).items)).toEqual([
      1735, 20, 16870,
    ]);
  });

  it('filters by type and status, sorts by title or start date, and pages', () => {
    expect(ids(search('naruto', { type: 'movie' }).items)).toEqual([16870]);
    expect(ids(search('naruto', { type: 'special' }).items)).toEqual([]);
    expect(ids(search('アニメ', { status: 'airing' }).items)).toEqual([99002, 99001]);
    expect(ids(search('naruto', { orderBy: 'start_date', sort: 'desc' }).items)).toEqual([16870, 1735, 20]);
    expect(ids(search('naruto', { orderBy: 'title' }).items)).toEqual([20, 1735, 16870]);
    const first = search('naruto', { limit: 2 });
    expect(first.hasNextPage).toBe(true);
    expect(ids(search('naruto', { limit: 2, page: 2 }).items)).toEqual([16870]);
    expect(search('   ').items).toEqual([]);
  });
});

describe('Catalogue.seasonNow', () => {
  it('lists what premiered this season by air dates, best available first', () => {
    const season = testCatalogue().seasonNow({ page: 1, limit: 10 }, TEST_TODAY);
    expect(season.season).toEqual({ season: 'fall', year: 2026 });
    expect(ids(season.items)).toEqual([99002, 99001]);
    expect(season.items.every((anime) => anime.status === 'Currently Airing')).toBe(true);
    expect(ids(testCatalogue().seasonNow({ type: 'movie', page: 1, limit: 10 }, TEST_TODAY).items)).toEqual([
      99003,
    ]);
  });

  it('falls back to the latest season the snapshot has, and says which', () => {
    const older = testCatalogue(TEST_ITEMS.filter((item) => !item.begin.startsWith('2026-1')));
    const season = older.seasonNow({ page: 1, limit: 10 }, TEST_TODAY);
    expect(season.season).toEqual({ season: 'spring', year: 2013 });
    expect(ids(season.items)).toEqual([16498]);
    const tv = older.seasonNow({ type: 'ona', page: 1, limit: 10 }, TEST_TODAY);
    expect(tv.season).toEqual({ season: 'spring', year: 2026 });
    expect(ids(tv.items)).toEqual([99005]);
  });
});

describe('Catalogue.season (the season archive)', () => {
  it('lists what premiered in any one season, counting its last week before it as MyAnimeList does', () => {
    expect(
      ids(
        testCatalogue().season({ season: { season: 'fall', year: 2002 }, page: 1, limit: 10 }, TEST_TODAY)
          .items,
      ),
    ).toEqual([20]);
    expect(
      ids(
        testCatalogue().season({ season: { season: 'spring', year: 2013 }, page: 1, limit: 10 }, TEST_TODAY)
          .items,
      ),
    ).toEqual([16498]);
    expect(
      ids(
        testCatalogue().season(
          { season: { season: 'fall', year: 2026 }, type: 'movie', page: 1, limit: 10 },
          TEST_TODAY,
        ).items,
      ),
    ).toEqual([99003]);
    expect(
      testCatalogue().season({ season: { season: 'summer', year: 1999 }, page: 1, limit: 10 }, TEST_TODAY)
        .items,
    ).toEqual([]);
    // Premiering 2007-02-15 (winter) is not spring, however close to it.
    expect(
      ids(
        testCatalogue().season({ season: { season: 'winter', year: 2007 }, page: 1, limit: 10 }, TEST_TODAY)
          .items,
      ),
    ).toEqual([1735]);
  });
});

describe('Catalogue: a record never fetched is never titled in Japanese script alone', () => {
  it('takes a Latin-script translation, and keeps the Japanese title as such', () => {
    const shingeki = testCatalogue().details(16498, TEST_TODAY);
    // 進撃の巨人 has only a Chinese translation: nothing Latin is known, the title stays.
    expect(shingeki).toMatchObject({ title: '進撃の巨人', titleEnglish: null });
    const naruto = testCatalogue().details(1735, TEST_TODAY);
    expect(naruto).toMatchObject({
      title: 'Naruto Shippuden',
      titleEnglish: 'Naruto Shippuden',
      titleJapanese: 'NARUTO -ナルト- 疾風伝',
    });
  });

  it('takes a Latin-script title the anime database taught it', () => {
    const catalogue = testCatalogue();
    catalogue.remember({
      ...catalogue.toAnime(99001, TEST_TODAY)!,
      title: '秋のアニメA',
      titleEnglish: null,
      titles: [{ type: 'Synonym', title: 'Aki no Anime A' }],
    } as never);
    expect(catalogue.toAnime(99001, TEST_TODAY)?.title).toBe('Aki no Anime A');
  });
});

describe('Catalogue.details and streamingLinks', () => {
  it('gives titles in every language, dates, status and the official site', () => {
    const details = testCatalogue().details(20, TEST_TODAY);
    expect(details).toMatchObject({
      id: 20,
      status: 'Finished Airing',
      airedString: 'Oct 3, 2002 to Feb 8, 2007',
      externalLinks: [{ name: 'Official Site', url: 'https://example.jp/20' }],
      synopsis: null,
      offline: true,
    });
    expect(details?.titles).toEqual([
      { type: 'Default', title: 'NARUTO -ナルト-' },
      { type: 'English', title: 'Naruto' },
      { type: 'Chinese (Simplified)', title: '火影忍者' },
    ]);
    expect(testCatalogue().details(424242, TEST_TODAY)).toBeNull();
  });

  it('lists legal streaming services with names, URLs and regions', () => {
    expect(testCatalogue().streamingLinks(20)).toEqual([
      { site: 'netflix', name: 'Netflix', url: 'https://www.netflix.com/title/70205012', regions: [] },
      { site: 'unext', name: 'U-NEXT', url: 'https://video.unext.jp/title/SID0018960', regions: ['JP'] },
    ]);
    expect(testCatalogue().streamingLinks(16870)).toEqual([]);
  });

  it('writes air dates the way the anime database does', () => {
    expect(airedString({ type: 'tv', begin: '2026-10-10', end: '' })).toBe('Oct 10, 2026 to ?');
    expect(airedString({ type: 'movie', begin: '2016-08-26', end: '' })).toBe('Aug 26, 2016');
    expect(airedString({ type: 'tv', begin: '', end: '' })).toBeNull();
  });
});

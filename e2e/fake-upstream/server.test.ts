// The fake upstream's own contract. Expected orders are written out literally so a change to the
// listing rules in fixtures.mjs shows up here, not silently in every e2e spec downstream.
//
//   npx vitest run --config e2e/fake-upstream/vitest.config.mjs

import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { fakeControl, type FakeControl } from './client.mjs';
import {
  ID_ADULT,
  ID_ADULT_MILD,
  ID_BASIC_ONLY,
  ID_DEATH_NOTE,
  ID_MISSING_IMAGE,
  ID_MONDAY_0005,
  ID_NARUTO,
  ID_NOT_FOUND,
  ID_NULLS,
  ID_NO_STREAMING,
  ID_ONE_PIECE,
  ID_SCI_FI,
  ID_UNAPPROVED,
  NARUTO,
  SEASON_TV_IDS,
  TOP_TV_BY_POPULARITY_IDS,
  allAnime,
  animeById,
  fakeTranslate,
  RECOMMENDATION_FEED_PAIRS,
  recommendationsById,
  ID_FRIEREN,
  ID_PERSON,
} from './fixtures.mjs';
import { startFakeUpstream, type FakeUpstream } from './server.mjs';

interface JikanList {
  data: {
    mal_id: number;
    title: string;
    rating: string | null;
    images: { jpg: { image_url: string | null } };
  }[];
  pagination: {
    last_visible_page: number;
    has_next_page: boolean;
    current_page: number;
    items: { count: number; total: number; per_page: number };
  };
}

let fake: FakeUpstream;
let control: FakeControl;
let jikan: string;

beforeAll(async () => {
  fake = await startFakeUpstream({ port: 0 });
  control = fakeControl(fake.url);
  jikan = `${fake.url}/jikan/v4`;
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await control.reset();
});

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

const idsOf = (list: JikanList) => list.data.map((a) => a.mal_id);

describe('fixtures', () => {
  it('holds about sixty records with unique ids in the Jikan shape', () => {
    expect(allAnime.length).toBeGreaterThanOrEqual(55);
    expect(new Set(allAnime.map((a) => a.mal_id)).size).toBe(allAnime.length);
    expect(animeById(ID_NOT_FOUND)).toBeUndefined();
    const naruto = animeById(ID_NARUTO);
    expect(Object.keys(naruto ?? {}).slice(0, 6)).toEqual([
      'mal_id',
      'url',
      'images',
      'trailer',
      'approved',
      'titles',
    ]);
  });
});

describe('GET /anime', () => {
  it('pages q=naruto ordered by title with Jikan pagination', async () => {
    const pages: JikanList[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await getJson<JikanList>(
        `${jikan}/anime?q=naruto&order_by=title&sort=asc&limit=4&page=${page}`,
      );
      expect(status).toBe(200);
      pages.push(body);
    }
    expect(pages.map((p) => p.pagination)).toEqual([
      {
        last_visible_page: 3,
        has_next_page: true,
        current_page: 1,
        items: { count: 4, total: 9, per_page: 4 },
      },
      {
        last_visible_page: 3,
        has_next_page: true,
        current_page: 2,
        items: { count: 4, total: 9, per_page: 4 },
      },
      {
        last_visible_page: 3,
        has_next_page: false,
        current_page: 3,
        items: { count: 1, total: 9, per_page: 4 },
      },
    ]);
    expect(pages.flatMap((p) => p.data.map((a) => a.title))).toEqual([
      'Boruto: Naruto Next Generations',
      'Konoha Hiden', // matched through its synonym "Naruto Hiden: Konoha Chronicles"
      'Naruto',
      'Naruto Movie 1: Dai Katsugeki!! Yuki Hime Shinobu Houjou Dattebayo!',
      'Naruto SD: Rock Lee no Seishun Full-Power Ninden',
      'Naruto: Shippuuden',
      'Naruto: Shippuuden Movie 1',
      'Naruto: Takigakure no Shitou - Ore ga Eiyuu Dattebayo!',
      'The Last: Naruto the Movie',
    ]);
  });

  it('orders q=naruto by relevance, score and popularity distinctly', async () => {
    const get = async (extra: string) =>
      idsOf((await getJson<JikanList>(`${jikan}/anime?q=NaRuTo${extra}`)).body);
    const relevance = await get('');
    const score = await get('&order_by=score&sort=desc');
    const popularityDesc = await get('&order_by=popularity&sort=desc');
    const popularityAsc = await get('&order_by=popularity&sort=asc');
    expect(relevance).toEqual([20, 1735, 442, 2472, 761, 12979, 34566, 16870, 90120]);
    expect(score).toEqual([1735, 20, 16870, 2472, 442, 12979, 761, 90120, 34566]);
    // Popularity is a rank (1 = most members): sort=desc lists the least popular first.
    expect(popularityDesc).toEqual([12979, 90120, 761, 2472, 442, 16870, 34566, 1735, 20]);
    expect(popularityAsc).toEqual([...popularityDesc].reverse());
    expect(NARUTO).toEqual({
      relevance,
      titleAsc: [34566, 90120, 20, 442, 12979, 1735, 2472, 761, 16870],
      scoreDesc: score,
      popularityAsc,
      popularityDesc,
    });
  });

  it('sorts null scores first ascending and last descending, like MongoDB', async () => {
    const asc = (await getJson<JikanList>(`${jikan}/anime?type=tv&status=airing&order_by=score&sort=asc`))
      .body;
    const desc = (await getJson<JikanList>(`${jikan}/anime?type=tv&status=airing&order_by=score&sort=desc`))
      .body;
    expect(idsOf(asc)[0]).toBe(90104); // Kaze no Yuubinya, score null
    expect(idsOf(desc).at(-1)).toBe(90104);
  });

  it('filters by type, status, genres (all must match), sfw and unapproved', async () => {
    const ids = async (query: string) => idsOf((await getJson<JikanList>(`${jikan}/anime?${query}`)).body);
    expect(await ids('q=naruto&type=movie')).toEqual([442, 2472, 16870]);
    expect(await ids('status=upcoming')).toEqual([90110, 90111, ID_NULLS]);
    expect(await ids('genres=24&order_by=mal_id&limit=3')).toEqual([ID_SCI_FI, 5, 30]);
    // genres_exclude also looks at themes: Bebop (Space) and Evangelion (Mecha) drop out.
    expect(await ids('genres=24&genres_exclude=18,29&order_by=mal_id&limit=3')).toEqual([43, 47, 918]);
    expect(await ids('genres=12')).toEqual([ID_ADULT, 90113]);
    expect(await ids('genres=12&sfw')).toEqual([]);
    expect(await ids('genres=9,35')).toEqual([ID_ADULT_MILD]); // Ecchi genre + Harem theme
    expect(await ids('q=mirai')).toEqual([]);
    expect(await ids('q=mirai&unapproved')).toEqual([ID_UNAPPROVED]);
    expect(await ids('q=zzz-no-such-anime')).toEqual([]);
  });

  it('serves the popular listing (type=tv, popularity rank ascending = most popular first)', async () => {
    const { body } = await getJson<JikanList>(
      `${jikan}/anime?type=tv&order_by=popularity&sort=asc&page=1&limit=5`,
    );
    expect(idsOf(body)).toEqual([16498, 1535, 5114, 30276, 11757]);
    const least = await getJson<JikanList>(`${jikan}/anime?type=tv&order_by=popularity&sort=desc&limit=5`);
    expect(idsOf(least.body)).toEqual([ID_ADULT, ID_ADULT_MILD, 90104, 12979, 90110]);
    expect(body.pagination.has_next_page).toBe(true);
  });

  it('rejects what Jikan rejects with its ValidationException body', async () => {
    const { status, body } = await getJson(`${jikan}/anime?q=naruto&limit=26`);
    expect(status).toBe(400);
    expect(body).toEqual({
      status: 400,
      type: 'ValidationException',
      messages: { limit: ["Value 26 is higher than the configured '25' max value."] },
      error: 'Invalid or incomplete request. Make sure your request is correct. https://docs.api.jikan.moe/',
    });
    const bad = await getJson<{ messages: Record<string, string[]> }>(
      `${jikan}/anime?order_by=id&sort=up&page=0`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.messages).sort()).toEqual(['order_by', 'page', 'sort']);
  });

  it('answers an empty page past the end', async () => {
    const { body } = await getJson<JikanList>(`${jikan}/anime?q=naruto&page=9`);
    expect(body.data).toEqual([]);
    expect(body.pagination).toMatchObject({ current_page: 9, last_visible_page: 1, has_next_page: false });
  });
});

describe('GET /top/anime and /seasons/now', () => {
  it('lists top TV by popularity without hentai', async () => {
    const { body } = await getJson<JikanList>(
      `${jikan}/top/anime?type=tv&filter=bypopularity&page=1&limit=10`,
    );
    expect(idsOf(body)).toEqual([16498, 1535, 5114, 30276, 11757, 31964, 20, 11061, 38000, 40748]);
    expect(idsOf(body)).toEqual(TOP_TV_BY_POPULARITY_IDS.slice(0, 10));
    const all = await getJson<JikanList>(`${jikan}/top/anime?limit=25&page=3`);
    expect(all.body.data.every((a) => a.rating !== 'Rx - Hentai')).toBe(true);
    const first = await getJson<JikanList>(`${jikan}/top/anime?limit=3`);
    expect(idsOf(first.body)).toEqual([52991, 5114, 9253]); // by rank
  });

  it('lists the current season, adult entries included unless sfw', async () => {
    const tv = await getJson<JikanList>(`${jikan}/seasons/now?filter=tv&page=1&limit=10`);
    expect(idsOf(tv.body)).toEqual([90103, 90101, 90102, 90104, ID_ADULT_MILD, ID_ADULT]);
    expect(idsOf(tv.body)).toEqual([...SEASON_TV_IDS]);
    const sfw = await getJson<JikanList>(`${jikan}/seasons/now?filter=tv&sfw`);
    expect(idsOf(sfw.body)).not.toContain(ID_ADULT);
    const continuing = await getJson<JikanList>(`${jikan}/seasons/now?filter=tv&continuing`);
    expect(idsOf(continuing.body)).toContain(ID_ONE_PIECE);
    const bad = await getJson(`${jikan}/seasons/now?filter=bogus`);
    expect(bad.status).toBe(400);
  });

  it('lists the airing schedule by Japanese weekday, with broadcast slots', async () => {
    type Scheduled = JikanList & { data: { broadcast: { day: string; time: string; string: string } }[] };
    const monday = await getJson<Scheduled>(`${jikan}/schedules?filter=monday&page=1&limit=25`);
    expect(idsOf(monday.body)).toEqual([ID_MONDAY_0005]);
    expect(monday.body.data[0]?.broadcast).toMatchObject({
      day: 'Mondays',
      time: '00:05',
      timezone: 'Asia/Tokyo',
      string: 'Mondays at 00:05 (JST)',
    });
    const tuesday = await getJson<Scheduled>(`${jikan}/schedules?filter=tuesday`);
    expect(idsOf(tuesday.body)).toEqual([ID_ADULT]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=tuesday&sfw`)).body)).toEqual([]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=wednesday`)).body)).toEqual([
      ID_ONE_PIECE,
    ]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=thursday`)).body)).toEqual([
      90103, 90104,
    ]);
    expect(
      idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=thursday&limit=1&page=2`)).body),
    ).toEqual([90104]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=unknown`)).body)).toEqual([90107]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=other`)).body)).toEqual([]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=monday&kids=true`)).body)).toEqual([]);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules?filter=monday&kids=false`)).body)).toEqual([
      ID_MONDAY_0005,
    ]);
    const withUnapproved = await getJson<Scheduled>(`${jikan}/schedules?unapproved`);
    expect(idsOf(withUnapproved.body)).toContain(ID_UNAPPROVED);
    expect(idsOf((await getJson<Scheduled>(`${jikan}/schedules`)).body)).not.toContain(ID_UNAPPROVED);
    expect((await getJson(`${jikan}/schedules?filter=someday`)).status).toBe(400);
    expect((await getJson(`${jikan}/schedules?limit=26`)).status).toBe(400);
  });
});

describe('GET /seasons/{year}/{season}, /genres/anime, /people/{id}/full', () => {
  it('lists a past season by MAL\'s "Premiered", pages it and refuses unknown seasons', async () => {
    const fall = await getJson<JikanList>(`${jikan}/seasons/2023/fall`);
    expect(idsOf(fall.body)).toEqual([ID_FRIEREN]);
    expect(idsOf((await getJson<JikanList>(`${jikan}/seasons/2023/summer`)).body)).not.toContain(ID_FRIEREN);
    expect((await getJson(`${jikan}/seasons/2023/autumn`)).status).toBe(400);
    expect((await getJson(`${jikan}/seasons/year/fall`)).status).toBe(400);
  });

  it('filters /anime by start and end date', async () => {
    const list = idsOf(
      (await getJson<JikanList>(`${jikan}/anime?start_date=2023-01-01&end_date=2024-12-31`)).body,
    );
    expect(list).toContain(ID_FRIEREN);
    expect(list).not.toContain(20);
  });

  it('answers the genre list and a recorded person', async () => {
    const genres = await getJson<{ data: { mal_id: number; name: string }[] }>(`${jikan}/genres/anime`);
    expect(genres.body.data).toContainEqual(expect.objectContaining({ mal_id: 22, name: 'Romance' }));
    const person = await getJson<{ data: { name: string; voices: { anime: { mal_id: number } }[] } }>(
      `${jikan}/people/${ID_PERSON}/full`,
    );
    expect(person.body.data.name).toBe('Yoshitsugu Matsuoka');
    expect(person.body.data.voices.map((voice) => voice.anime.mal_id)).toContain(11757);
    expect((await getJson(`${jikan}/people/1/full`)).status).toBe(404);
    expect((await getJson(`${jikan}/people/x/full`)).status).toBe(400);
  });
});

describe('GET /anime/{id}', () => {
  it('answers /full with the extra fields and the basic one without', async () => {
    const full = await getJson<{ data: Record<string, unknown> }>(`${jikan}/anime/${ID_NARUTO}/full`);
    const basic = await getJson<{ data: Record<string, unknown> }>(`${jikan}/anime/${ID_NARUTO}`);
    expect(full.status).toBe(200);
    expect(basic.status).toBe(200);
    for (const key of ['relations', 'theme', 'external', 'streaming']) {
      expect(full.body.data).toHaveProperty(key);
      expect(basic.body.data).not.toHaveProperty(key);
    }
    // Image URLs point back at the fake, at whatever origin it was reached.
    expect(full.body.data.images).toMatchObject({
      jpg: { image_url: `${fake.url}/images/cover/${ID_NARUTO}.png` },
    });
    expect(full.body.data).toEqual(animeById(ID_NARUTO, { origin: fake.url }));
  });

  it("404s unknown ids with Jikan's body, on both routes", async () => {
    for (const path of [`/anime/${ID_NOT_FOUND}/full`, `/anime/${ID_NOT_FOUND}`]) {
      const { status, body } = await getJson(`${jikan}${path}`);
      expect(status).toBe(404);
      expect(body).toEqual({
        status: 404,
        type: 'BadResponseException',
        message: 'Resource does not exist',
        error: `404 on https://myanimelist.net/anime/${ID_NOT_FOUND}/`,
      });
    }
  });

  it('404s /full but not the basic route for ID_BASIC_ONLY', async () => {
    expect((await fetch(`${jikan}/anime/${ID_BASIC_ONLY}/full`)).status).toBe(404);
    expect((await fetch(`${jikan}/anime/${ID_BASIC_ONLY}`)).status).toBe(200);
  });

  it('400s a non-numeric id and 404s unknown routes like Jikan', async () => {
    const bad = await getJson<{ type: string }>(`${jikan}/anime/abc/full`);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('ValidationException');
    const unknown = await getJson(`${jikan}/manga/1`);
    expect(unknown).toMatchObject({
      status: 404,
      body: { status: 404, type: 'HttpException', message: 'Not Found', error: null },
    });
  });

  it('keeps the null-heavy record null and its images absent', async () => {
    const { body } = await getJson<{ data: Record<string, unknown> }>(`${jikan}/anime/${ID_NULLS}/full`);
    expect(body.data).toMatchObject({
      title_english: null,
      score: null,
      episodes: null,
      year: null,
      synopsis: null,
      genres: [],
      trailer: { youtube_id: null },
      images: { jpg: { image_url: null, large_image_url: null, small_image_url: null } },
    });
  });
});

describe('GET /anime/{id}/recommendations', () => {
  interface Recommendations {
    data: {
      entry: { mal_id: number; title: string; images: { jpg: { image_url: string } } };
      votes: number;
    }[];
  }

  it("answers the recorded feed's pairs on both anime, most votes first", async () => {
    // Chainsaw Man was recommended beside Jujutsu Kaisen by two users and One Punch Man by one.
    const chainsaw = await getJson<Recommendations>(`${jikan}/anime/44511/recommendations`);
    expect(chainsaw.status).toBe(200);
    expect(chainsaw.body.data.map((r) => [r.entry.mal_id, r.entry.title, r.votes])).toEqual([
      [40748, 'Jujutsu Kaisen', 2],
      [30276, 'One Punch Man', 1],
    ]);
    expect(chainsaw.body.data[0]!.entry.images.jpg.image_url).toBe(`${fake.url}/images/cover/40748.png`);
    const onePiece = await getJson<Recommendations>(`${jikan}/anime/${ID_ONE_PIECE}/recommendations`);
    expect(onePiece.body.data.map((r) => r.entry.mal_id)).toEqual([11061]);
    expect(recommendationsById(11061)?.map((r) => r.entry.mal_id)).toEqual([ID_ONE_PIECE]);
  });

  it('answers an empty list for an anime nobody recommended beside, and 404 for an unknown id', async () => {
    const naruto = await getJson<Recommendations>(`${jikan}/anime/${ID_NARUTO}/recommendations`);
    expect(naruto).toMatchObject({ status: 200, body: { data: [] } });
    expect((await fetch(`${jikan}/anime/${ID_NOT_FOUND}/recommendations`)).status).toBe(404);
  });

  it('holds only pairs of two recorded anime', () => {
    for (const pair of RECOMMENDATION_FEED_PAIRS) {
      for (const id of pair.split('-').map(Number)) expect(animeById(id)).toBeDefined();
    }
  });
});

describe('images', () => {
  it('serves a real, cacheable PNG cover', async () => {
    const res = await fetch(`${fake.url}/images/cover/${ID_DEATH_NOTE}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const png = Buffer.from(await res.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([225, 318]);
    // The IDAT inflates to exactly one filter byte plus 3 bytes per pixel per row.
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(318 * (1 + 225 * 3));
    const thumb = Buffer.from(
      await (await fetch(`${fake.url}/images/cover/${ID_DEATH_NOTE}t.png`)).arrayBuffer(),
    );
    expect([thumb.readUInt32BE(16), thumb.readUInt32BE(20)]).toEqual([50, 71]);
  });

  it('404s the missing-image fixture URL', async () => {
    const url = animeById(ID_MISSING_IMAGE, { origin: fake.url })?.images.jpg.image_url;
    expect(url).toBe(`${fake.url}/images/missing/${ID_MISSING_IMAGE}.png`);
    expect((await fetch(String(url))).status).toBe(404);
  });
});

describe('translate', () => {
  it("answers in Google's shape, one segment per sentence", async () => {
    const text = 'Light finds a notebook. It is dangerous!\n\n[Written by MAL Rewrite]';
    const { status, body } = await getJson<[[string, string, null, null, number][], null, string]>(
      `${fake.url}/translate/translate_a/single?client=gtx&sl=auto&tl=pt&dt=t&q=${encodeURIComponent(text)}`,
    );
    expect(status).toBe(200);
    expect(body[0]).toEqual([
      ['[PT] Light finds a notebook. ', 'Light finds a notebook. ', null, null, 1],
      ['[PT] It is dangerous!\n\n', 'It is dangerous!\n\n', null, null, 1],
      ['[PT] [Written by MAL Rewrite]', '[Written by MAL Rewrite]', null, null, 1],
    ]);
    expect(body[1]).toBeNull();
    expect(body[2]).toBe('en');
    expect(body[0].map((s) => s[0]).join('')).toBe(fakeTranslate(text));
  });

  it('400s a request without q', async () => {
    expect((await fetch(`${fake.url}/translate/translate_a/single?client=gtx&tl=pt`)).status).toBe(400);
  });
});

describe('streaming', () => {
  it('counts main as up (404 probe) and down as down (503)', async () => {
    const main = await fetch(`${fake.url}/streaming/main/anime/gogoanime/test`);
    expect(main.status).toBe(404);
    expect(await main.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${fake.url}/streaming/down/anime/gogoanime/test`)).status).toBe(503);
    expect((await fetch(`${fake.url}/streaming/down/anime/gogoanime/naruto?page=1`)).status).toBe(503);
  });

  it('searches by title and lists episodes', async () => {
    const { body } = await getJson<{
      currentPage: number;
      hasNextPage: boolean;
      results: { id: string; subOrDub: string }[];
    }>(`${fake.url}/streaming/main/anime/gogoanime/${encodeURIComponent('Death Note')}?page=1`);
    expect(body.currentPage).toBe(1);
    expect(body.hasNextPage).toBe(false);
    expect(body.results.map((r) => [r.id, r.subOrDub])).toEqual([
      ['death-note', 'sub'],
      ['death-note-dub', 'dub'],
      ['death-note-rewrite', 'sub'],
    ]);
    const naruto = await getJson<{ results: { id: string }[] }>(
      `${fake.url}/streaming/main/anime/gogoanime/Naruto?page=1`,
    );
    expect(naruto.body.results[0]?.id).toBe('naruto');

    const three = await getJson<{
      totalEpisodes: number;
      episodes: { id: string; number: number; url: string }[];
    }>(`${fake.url}/streaming/main/anime/gogoanime/info/death-note`);
    expect(three.body.totalEpisodes).toBe(3);
    expect(three.body.episodes[0]).toEqual({
      id: 'death-note-episode-1',
      number: 1,
      url: `${fake.url}/streaming/main/watch/death-note-episode-1`,
    });
    const twelve = await getJson<{ episodes: unknown[] }>(
      `${fake.url}/streaming/main/anime/gogoanime/info/naruto`,
    );
    expect(twelve.body.episodes).toHaveLength(12);
    expect((await fetch(`${fake.url}/streaming/main/anime/gogoanime/info/no-such-show`)).status).toBe(404);
  });

  it('has nothing for ID_NO_STREAMING', async () => {
    const title = animeById(ID_NO_STREAMING)?.title ?? '';
    const { body } = await getJson<{ results: unknown[] }>(
      `${fake.url}/streaming/main/anime/gogoanime/${encodeURIComponent(title)}?page=1`,
    );
    expect(body.results).toEqual([]);
  });
});

describe('faults', () => {
  it('429 sends Retry-After only when asked', async () => {
    await control.setFault({ service: 'jikan', mode: '429', retryAfter: 7, match: 'q=rate-a' });
    await control.setFault({ service: 'jikan', mode: '429', retryAfter: null, match: 'q=rate-b' });
    const a = await fetch(`${jikan}/anime?q=rate-a`);
    expect(a.status).toBe(429);
    expect(a.headers.get('retry-after')).toBe('7');
    expect(await a.json()).toMatchObject({ status: 429, type: 'RateLimitException' });
    const b = await fetch(`${jikan}/anime?q=rate-b`);
    expect(b.status).toBe(429);
    expect(b.headers.get('retry-after')).toBeNull();
  });

  it('5xx: Jikan answers JSON for 500/503 and nginx HTML for 502/504', async () => {
    for (const mode of ['500', '502', '503', '504'] as const) {
      await control.setFault({ service: 'jikan', mode, match: `q=fault-${mode}` });
      const res = await fetch(`${jikan}/anime?q=fault-${mode}`);
      expect(res.status).toBe(Number(mode));
      const type = res.headers.get('content-type') ?? '';
      if (mode === '500' || mode === '503') expect(type).toBe('application/json');
      else expect(await res.text()).toContain('nginx');
    }
  });

  it('slow delays the real answer', async () => {
    await control.setFault({
      service: 'jikan',
      mode: 'slow',
      delayMs: 300,
      match: `/anime/${ID_NARUTO}/full`,
    });
    const started = Date.now();
    const res = await fetch(`${jikan}/anime/${ID_NARUTO}/full`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { mal_id: number } }).data.mal_id).toBe(ID_NARUTO);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('malformed answers 200 with truncated JSON', async () => {
    await control.setFault({ service: 'jikan', mode: 'malformed', match: 'q=broken' });
    const res = await fetch(`${jikan}/anime?q=broken`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it("hang never answers; the client's timeout ends it", async () => {
    await control.setFault({ service: 'streaming', mode: 'hang', match: 'gogoanime/test' });
    const started = Date.now();
    await expect(
      fetch(`${fake.url}/streaming/main/anime/gogoanime/test`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('match scopes a fault to matching requests only', async () => {
    await control.setFault({ service: 'jikan', mode: '500', match: 'q=fault-500-xyz' });
    expect((await fetch(`${jikan}/anime?q=fault-500-xyz`)).status).toBe(500);
    expect((await fetch(`${jikan}/anime?q=naruto`)).status).toBe(200);
    expect((await fetch(`${fake.url}/translate/translate_a/single?tl=pt&q=fault-500-xyz`)).status).toBe(200);
  });

  it('times auto-clears after that many hits', async () => {
    await control.setFault({ service: 'jikan', mode: '503', times: 2, match: 'q=twice' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${jikan}/anime?q=twice`)).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(await control.faults()).toEqual([]);
  });

  it('clearFault removes one; the newest matching fault wins; none passes through', async () => {
    await control.setFault({ service: 'all', mode: '503' });
    const pass = await control.setFault({ service: 'images', mode: 'none', match: '/cover/' });
    expect((await fetch(`${fake.url}/images/cover/1.png`)).status).toBe(200);
    expect((await fetch(`${fake.url}/translate/translate_a/single?tl=pt&q=hi`)).status).toBe(503);
    expect(await control.clearFault(pass)).toBe(true);
    expect((await fetch(`${fake.url}/images/cover/1.png`)).status).toBe(503);
    expect(await control.clearFault(pass)).toBe(false);
  });

  it('refuses an invalid fault', async () => {
    await expect(control.setFault({ service: 'jikan', mode: 'explode' as never })).rejects.toThrow(
      /mode must be one of/,
    );
  });
});

describe('call log', () => {
  it('logs service calls with their fault and filters by service, since and match', async () => {
    await control.setFault({ service: 'jikan', mode: '500', match: 'q=logged-fault', times: 1 });
    await fetch(`${jikan}/anime?q=logged-fault&page=2`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = Date.now();
    await fetch(`${jikan}/anime/${ID_NARUTO}/full`);
    await fetch(`${fake.url}/images/cover/20.png`);
    await fetch(`${fake.url}/streaming/main/anime/gogoanime/test`);

    const all = await control.calls();
    expect(all.map((c) => c.service)).toEqual(['jikan', 'jikan', 'images', 'streaming']);
    const [faulted] = await control.calls({ match: 'q=logged-fault' });
    expect(faulted).toMatchObject({
      service: 'jikan',
      method: 'GET',
      path: '/jikan/v4/anime',
      query: { q: 'logged-fault', page: '2' },
      url: '/jikan/v4/anime?q=logged-fault&page=2',
      fault: '500',
    });
    expect(typeof faulted?.time).toBe('number');
    expect((await control.calls({ service: 'jikan', since })).map((c) => c.url)).toEqual([
      `/jikan/v4/anime/${ID_NARUTO}/full`,
    ]);
    expect(await control.calls({ service: 'translate' })).toEqual([]);

    await control.reset();
    expect(await control.calls()).toEqual([]);
  });
});

describe('server', () => {
  it('adds CORS everywhere and answers preflight', async () => {
    const res = await fetch(`${jikan}/anime?q=naruto`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await fetch(`${fake.url}/__control/fault`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(await (await fetch(`${fake.url}/__health`)).json()).toEqual({ ok: true });
    expect((await fetch(`${fake.url}/nowhere`)).status).toBe(404);
  });

  it('close() does not wait for hanging requests', async () => {
    const other = await startFakeUpstream();
    await fakeControl(other.url).setFault({ service: 'jikan', mode: 'hang' });
    const pending = fetch(`${other.url}/jikan/v4/anime`).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(Error);
  });
});

// Fakes of the two trackers a fan imports a list from, in their public shapes:
// AniList's GraphQL MediaListCollection (https://anilist.github.io/ApiV2-GraphQL-Docs/) and Kitsu's
// JSON:API users and library-entries (https://kitsu.docs.apiary.io). Users are fixed (below) or
// generated from their name: `ani-big-N` / `kitsu-big-N` hold N entries.

/** The public AniList user: one entry per status, one without a MyAnimeList id, one adult. */
export const ANILIST_FAN = 'ani-fan';
/** An AniList user whose profile is private. */
export const ANILIST_PRIVATE = 'ani-private';
export const KITSU_FAN = 'kitsu-fan';
/** A Kitsu user whose library is not public (Kitsu answers 403). */
export const KITSU_PRIVATE = 'kitsu-private';
const BIG = /^(ani|kitsu)-big-(\d{1,5})$/;

/** AniList's largest chunk; Kitsu's largest library page. */
export const ANILIST_MAX_CHUNK = 500;
export const KITSU_MAX_LIMIT = 500;
const RATE_LIMIT = 90;

const fuzzy = (date) => {
  if (!date) return { year: null, month: null, day: null };
  const [year, month, day] = date.split('-').map(Number);
  return { year, month: month ?? null, day: day ?? null };
};

// One spec of each fan entry, shared by both services (scores on 0–100; Kitsu gets score / 5).
const FAN_ENTRIES = [
  {
    id: 1001,
    idMal: 20,
    title: 'Naruto',
    status: 'CURRENT',
    progress: 100,
    score: 90,
    notes: 'Dattebayo!',
    episodes: 220,
    format: 'TV',
    started: '2021-03-04',
  },
  {
    id: 1002,
    idMal: 1,
    title: 'Cowboy Bebop',
    status: 'REPEATING',
    progress: 3,
    score: 80,
    notes: null,
    episodes: 26,
    format: 'TV',
  },
  {
    id: 1003,
    idMal: 1535,
    title: 'Death Note',
    status: 'COMPLETED',
    progress: 37,
    score: 100,
    notes: 'Obra-prima',
    episodes: 37,
    format: 'TV',
    started: '2020-01',
    completed: '2020-02-10',
  },
  {
    id: 1004,
    idMal: 52991,
    title: 'Sousou no Frieren',
    status: 'PLANNING',
    progress: 0,
    score: 0,
    notes: null,
    episodes: 28,
    format: 'TV',
  },
  {
    id: 1005,
    idMal: 16498,
    title: 'Shingeki no Kyojin',
    status: 'DROPPED',
    progress: 5,
    score: 35,
    notes: 'Não era pra mim',
    episodes: 25,
    format: 'TV',
  },
  {
    id: 1006,
    idMal: 21,
    title: 'One Piece',
    status: 'PAUSED',
    progress: 500,
    score: 0,
    notes: 'Pausado em Wano',
    episodes: null,
    format: 'TV',
  },
  {
    id: 1007,
    idMal: null,
    title: 'Only On The Tracker',
    status: 'COMPLETED',
    progress: 12,
    score: 70,
    notes: null,
    episodes: 12,
    format: 'ONA',
  },
  {
    id: 1008,
    idMal: null,
    title: 'Secret Adult Title',
    status: 'COMPLETED',
    progress: 2,
    score: 60,
    notes: null,
    episodes: 2,
    format: 'OVA',
    adult: true,
  },
];
const UPDATED_AT = 1_700_000_000; // 2023-11-14, seconds

function bigEntries(count) {
  const statuses = ['CURRENT', 'COMPLETED', 'PLANNING', 'DROPPED', 'PAUSED', 'REPEATING'];
  return Array.from({ length: count }, (_, index) => ({
    id: 200_000 + index,
    idMal: 100_001 + index,
    title: `Generated Anime ${index + 1}`,
    status: statuses[index % statuses.length],
    progress: index % 13,
    score: (index * 7) % 101,
    notes: index % 10 === 0 ? `Nota ${index + 1}` : null,
    episodes: 24,
    format: 'TV',
  }));
}

function entriesOf(name) {
  const big = BIG.exec(name);
  if (big) return bigEntries(Number(big[2]));
  if (name === ANILIST_FAN || name === KITSU_FAN) return FAN_ENTRIES;
  return null;
}

// ---------------------------------------------------------------------------------------------
// AniList
// ---------------------------------------------------------------------------------------------

const anilistCalls = [];

/** AniList's rate-limit headers: 90 a minute, counted over the last minute. */
function anilistLimitHeaders() {
  const now = Date.now();
  while (anilistCalls.length && anilistCalls[0] < now - 60_000) anilistCalls.shift();
  anilistCalls.push(now);
  return {
    'X-RateLimit-Limit': String(RATE_LIMIT),
    'X-RateLimit-Remaining': String(Math.max(0, RATE_LIMIT - anilistCalls.length)),
  };
}

const graphqlError = (message, status) => ({
  data: { MediaListCollection: null },
  errors: [{ message, status, locations: [{ line: 2, column: 3 }] }],
});

function anilistEntry(spec) {
  return {
    status: spec.status,
    progress: spec.progress,
    notes: spec.notes,
    updatedAt: UPDATED_AT,
    score: spec.score,
    startedAt: fuzzy(spec.started),
    completedAt: fuzzy(spec.completed),
    media: {
      id: spec.id,
      idMal: spec.idMal,
      episodes: spec.episodes,
      format: spec.format,
      isAdult: spec.adult === true,
      title: { romaji: spec.title, english: null, userPreferred: spec.title },
    },
  };
}

/**
 * POST / with {query, variables: {userName, chunk, perChunk}}: [status, body, headers]. Only the
 * MediaListCollection query the app sends is understood; anything else is a GraphQL 400.
 */
export function anilistAnswer(body) {
  const headers = anilistLimitHeaders();
  const query = typeof body?.query === 'string' ? body.query : '';
  const variables = body?.variables ?? {};
  if (!query.includes('MediaListCollection')) {
    return [
      400,
      { data: null, errors: [{ message: 'Syntax Error: Unexpected <EOF>', status: 400 }] },
      headers,
    ];
  }
  const perChunk = variables.perChunk ?? 500;
  const chunk = variables.chunk ?? 1;
  if (
    !Number.isInteger(perChunk) ||
    perChunk < 1 ||
    perChunk > ANILIST_MAX_CHUNK ||
    !Number.isInteger(chunk) ||
    chunk < 1
  ) {
    return [400, { data: null, errors: [{ message: 'Validation error', status: 400 }] }, headers];
  }
  const name = String(variables.userName ?? '');
  if (name.toLowerCase() === ANILIST_PRIVATE) return [404, graphqlError('Private User', 404), headers];
  const all = entriesOf(name.toLowerCase());
  if (!all) return [404, graphqlError('User not found', 404), headers];
  const slice = all.slice((chunk - 1) * perChunk, chunk * perChunk);
  const byStatus = new Map();
  for (const spec of slice) {
    const key = spec.status === 'REPEATING' ? 'CURRENT' : spec.status;
    if (!byStatus.has(key)) byStatus.set(key, []);
    byStatus.get(key).push(anilistEntry(spec));
  }
  const lists = [...byStatus].map(([status, entries]) => ({
    name: status,
    isCustomList: false,
    status,
    entries,
  }));
  // A custom list repeats an entry already in a status list, as AniList does.
  if (slice[0])
    lists.push({ name: 'Favoritos', isCustomList: true, status: null, entries: [anilistEntry(slice[0])] });
  return [
    200,
    {
      data: {
        MediaListCollection: {
          user: { name, statistics: { anime: { count: all.length } } },
          hasNextChunk: chunk * perChunk < all.length,
          lists,
        },
      },
    },
    headers,
  ];
}

// ---------------------------------------------------------------------------------------------
// Kitsu
// ---------------------------------------------------------------------------------------------

const KITSU_STATUS = {
  CURRENT: 'current',
  REPEATING: 'current',
  COMPLETED: 'completed',
  PLANNING: 'planned',
  DROPPED: 'dropped',
  PAUSED: 'on_hold',
};
const KITSU_SUBTYPE = { TV: 'TV', ONA: 'ONA', OVA: 'OVA', MOVIE: 'movie' };
const JSON_API = { 'Content-Type': 'application/vnd.api+json' };

const kitsuUsers = () => [KITSU_FAN, KITSU_PRIVATE];

function kitsuUserId(name) {
  const big = BIG.exec(name);
  if (big && big[1] === 'kitsu') return String(900_000 + Number(big[2]));
  const index = kitsuUsers().indexOf(name);
  return index === -1 ? null : String(42 + index);
}

function kitsuNameOf(id) {
  const number = Number(id);
  if (number >= 900_000) return `kitsu-big-${number - 900_000}`;
  return kitsuUsers()[number - 42] ?? null;
}

const isoDate = (date) => {
  if (!date) return null;
  const { year, month, day } = fuzzy(date);
  return `${year}-${String(month ?? 1).padStart(2, '0')}-${String(day ?? 1).padStart(2, '0')}T00:00:00.000Z`;
};

function kitsuError(status, title, detail) {
  return [status, { errors: [{ title, detail, code: String(status), status: String(status) }] }, JSON_API];
}

/** GET under /kitsu/api/edge: [status, body, headers]. */
export function kitsuAnswer(path, params, origin) {
  if (path === '/users') {
    const name = (params.get('filter[name]') ?? '').toLowerCase();
    const id = kitsuUserId(name);
    const data = id
      ? [{ id, type: 'users', links: { self: `${origin}/kitsu/api/edge/users/${id}` }, attributes: { name } }]
      : [];
    return [200, { data, meta: { count: data.length }, links: {} }, JSON_API];
  }
  if (path !== '/library-entries') return kitsuError(404, 'Route Not Found', `No route ${path}`);
  const userId = params.get('filter[userId]') ?? '';
  const limit = Number(params.get('page[limit]') ?? 10);
  const offset = Number(params.get('page[offset]') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > KITSU_MAX_LIMIT) {
    return kitsuError(400, 'Invalid Page Limit', `Limit must be between 1 and ${KITSU_MAX_LIMIT}`);
  }
  if (params.get('filter[kind]') !== 'anime') return kitsuError(400, 'Invalid Filter', 'kind must be anime');
  const name = kitsuNameOf(userId);
  if (name === KITSU_PRIVATE) return kitsuError(403, 'Forbidden', 'This library is private');
  const all = name ? (entriesOf(name) ?? []) : [];
  const slice = all.slice(offset, offset + limit);
  const data = [];
  const included = [];
  for (const spec of slice) {
    const animeId = String(spec.id);
    data.push({
      id: String(5_000_000 + spec.id),
      type: 'libraryEntries',
      attributes: {
        status: KITSU_STATUS[spec.status],
        progress: spec.progress,
        reconsuming: spec.status === 'REPEATING',
        // Kitsu keeps 2–20 (null when unrated); the fan's 0–100 is score / 5, rounded up to even.
        ratingTwenty: spec.score ? Math.max(2, Math.ceil(spec.score / 10) * 2) : null,
        notes: spec.notes,
        updatedAt: new Date(UPDATED_AT * 1000).toISOString(),
        startedAt: isoDate(spec.started),
        finishedAt: isoDate(spec.completed),
      },
      relationships: { anime: { data: { type: 'anime', id: animeId } } },
    });
    const mappings = [{ type: 'mappings', id: `a${spec.id}` }];
    included.push({
      id: `a${spec.id}`,
      type: 'mappings',
      attributes: { externalSite: 'anidb', externalId: String(spec.id + 7) },
    });
    if (spec.idMal) {
      mappings.push({ type: 'mappings', id: `m${spec.id}` });
      included.push({
        id: `m${spec.id}`,
        type: 'mappings',
        attributes: { externalSite: 'myanimelist/anime', externalId: String(spec.idMal) },
      });
    }
    included.push({
      id: animeId,
      type: 'anime',
      attributes: {
        canonicalTitle: spec.title,
        titles: { en_jp: spec.title },
        episodeCount: spec.episodes,
        subtype: KITSU_SUBTYPE[spec.format] ?? 'TV',
        nsfw: spec.adult === true,
      },
      relationships: { mappings: { data: mappings } },
    });
  }
  const links = {};
  if (offset + limit < all.length) {
    const next = new URLSearchParams(params);
    next.set('page[offset]', String(offset + limit));
    links.next = `${origin}/kitsu/api/edge/library-entries?${next}`;
  }
  return [200, { data, included, meta: { count: all.length }, links }, JSON_API];
}

// The project's local fake of every outside service: Jikan v4, the consumet-style streaming
// provider, Google's translate endpoint and cover images, plus a control API that injects faults
// and records calls. node:http and node:zlib only, so it starts in milliseconds with no install.
//
//   node e2e/fake-upstream/server.mjs --port 4010     (or FAKE_UPSTREAM_PORT=4010)
//
// See README.md in this folder for routes, the control API and the special fixture ids.

import http from 'node:http';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

import {
  ID_BASIC_ONLY,
  ORDER_BY_VALUES,
  RATING_VALUES,
  SCHEDULE_FILTER_VALUES,
  SEASON_NAMES,
  STATUS_VALUES,
  TOP_FILTER_VALUES,
  TYPE_VALUES,
  animeById,
  animeExtras,
  baseById,
  fakeTranslate,
  genresAnime,
  personFull,
  recommendationsById,
  seasonArchive,
  schedules,
  searchAnime,
  seasonNow,
  splitSentences,
  streamingInfo,
  streamingSearch,
  toListItem,
  topAnime,
} from './fixtures.mjs';
import { anilistAnswer, kitsuAnswer } from './trackers.mjs';

const SERVICES = ['jikan', 'streaming', 'translate', 'images', 'anilist', 'kitsu'];
const FAULT_MODES = ['429', '500', '502', '503', '504', 'slow', 'hang', 'malformed', 'reset', 'none'];
const MAX_LOGGED_CALLS = 10_000;
const JIKAN_MAX_LIMIT = 25;
const STREAMING_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Small HTTP helpers
// ---------------------------------------------------------------------------------------------

const BASE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  // Vary like Jikan does, so any cache in front of the app keys on encoding.
  Vary: 'Accept-Encoding',
};

function send(req, res, status, body, headers = {}) {
  if (res.headersSent || res.destroyed) return;
  let payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const outHeaders = { ...BASE_HEADERS, ...headers };
  if (!outHeaders['Content-Type']) {
    outHeaders['Content-Type'] = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  }
  // Real Jikan gzips its JSON; doing the same keeps clients honest about Content-Encoding.
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (
    acceptsGzip &&
    !Buffer.isBuffer(payload) &&
    payload.length >= 1024 &&
    outHeaders['Content-Type'].startsWith('application/json')
  ) {
    payload = zlib.gzipSync(payload, { level: 1 });
    outHeaders['Content-Encoding'] = 'gzip';
  }
  outHeaders['Content-Length'] = Buffer.byteLength(payload);
  res.writeHead(status, outHeaders);
  res.end(payload);
}

function readJsonBody(req, limit = 64 * 1024) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `match` is compared with both the raw and the decoded path+query, so tests can write
 *  `q=fault 500` or `q=fault%20500` alike. */
function urlMatches(rawUrl, match) {
  if (!match) return true;
  return rawUrl.includes(match) || safeDecode(rawUrl).includes(match);
}

// ---------------------------------------------------------------------------------------------
// PNG covers, encoded by hand (zlib for IDAT, CRC32 per chunk)
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffers) {
  let crc = 0xffffffff;
  for (const buf of buffers) {
    for (let i = 0; i < buf.length; i++) crc = CRC_TABLE[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeBuf = Buffer.from(type, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([typeBuf, data]));
  return Buffer.concat([length, typeBuf, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Deterministic colour per id: hue from a multiplicative hash, fixed saturation/lightness. */
function colourFor(id) {
  const hue = (Math.imul(id + 1, 2654435761) >>> 0) % 360;
  const s = 0.55;
  const l = 0.5;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [r, g, b].map((v) => Math.round((v + m) * 255));
}

/**
 * A pixel's deviation in a textured cover: grain and a soft wave, the same for every run. What an
 * encoder spends on a drawing's detail, so an optimised cover weighs about what a MyAnimeList
 * cover does (~4, 12 and 20 kB as AVIF at 256, 384 and 640 px) instead of a few hundred bytes.
 */
function texture(id, x, y) {
  const grain = (((Math.imul(x * 7919 + y * 104729 + id, 2654435761) >>> 24) - 128) * 32) / 128;
  const wave = 40 * Math.sin(x / 9 + id) * Math.cos(y / 13);
  return [grain + wave, grain - wave, grain];
}

const channel = (value) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * A width x height RGB cover: a solid colour with a darker band across the lower third; with
 * `textured`, grain and a wave over it (texture).
 */
function encodeCover(id, width, height, textured = false) {
  const [r, g, b] = colourFor(id);
  const bandTop = Math.floor(height * 0.62);
  const bandBottom = Math.floor(height * 0.8);
  const rowBytes = 1 + width * 3;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const dark = y >= bandTop && y < bandBottom ? 0.55 : 1;
    const offset = y * rowBytes; // first byte of each row is filter type 0 (None)
    for (let x = 0; x < width; x++) {
      const p = offset + 1 + x * 3;
      const [dr, dg, db] = textured ? texture(id, x, y) : [0, 0, 0];
      raw[p] = channel(r * dark + dr);
      raw[p + 1] = channel(g * dark + dg);
      raw[p + 2] = channel(b * dark + db);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// MAL's size suffixes: none = 225x318 (the usual cover), "t" = thumbnail, "l" = large.
const COVER_SIZES = { '': [225, 318], t: [50, 71], l: [450, 636] };
const coverCache = new Map();

function coverPng(id, size, textured) {
  const key = `${id}:${size}:${textured}`;
  let png = coverCache.get(key);
  if (!png) {
    const [w, h] = COVER_SIZES[size];
    png = encodeCover(id, w, h, textured);
    coverCache.set(key, png);
  }
  return png;
}

// ---------------------------------------------------------------------------------------------
// Jikan
// ---------------------------------------------------------------------------------------------

// Jikan's error bodies, copied from jikan-rest's exception handler and recorded responses.
const jikanNotFoundRoute = () => ({ status: 404, type: 'HttpException', message: 'Not Found', error: null });
const jikanNoSuchAnime = (id) => ({
  status: 404,
  type: 'BadResponseException',
  message: 'Resource does not exist',
  error: `404 on https://myanimelist.net/anime/${id}/`,
});
const jikanValidation = (messages) => ({
  status: 400,
  type: 'ValidationException',
  messages,
  error: 'Invalid or incomplete request. Make sure your request is correct. https://docs.api.jikan.moe/',
});

/** Jikan's boolean flags (sfw, unapproved, continuing) are switched on by presence: `?sfw`
 *  and `?sfw=true` both count; only an explicit false/0 turns one off. */
function flag(params, name) {
  if (!params.has(name)) return false;
  const v = params.get(name).toLowerCase();
  return v !== 'false' && v !== '0';
}

/** Validates the query against Laravel-style rules; returns [values, messages|null]. */
function parseJikanQuery(params, rules) {
  const messages = {};
  const values = {};
  const fail = (field, text) => (messages[field] ??= []).push(text);
  // Laravel turns snake_case field names into words in its messages ("order by").
  const label = (field) => field.replace(/_/g, ' ');

  for (const field of ['page', 'limit']) {
    if (!params.has(field)) continue;
    const raw = params.get(field);
    if (!/^-?\d+$/.test(raw.trim())) {
      fail(field, `The ${field} must be an integer.`);
      continue;
    }
    const n = Number(raw);
    if (n < 1) fail(field, `The ${field} must be at least 1.`);
    else if (field === 'limit' && n > JIKAN_MAX_LIMIT) {
      // jikan-rest's MaxResultsPerPageRule message, verbatim.
      fail(field, `Value ${raw} is higher than the configured '${JIKAN_MAX_LIMIT}' max value.`);
    } else values[field] = n;
  }
  for (const [field, allowed] of Object.entries(rules.enums ?? {})) {
    if (!params.has(field)) continue;
    const v = params.get(field).toLowerCase();
    if (v === '') continue;
    if (!allowed.includes(v)) fail(field, `The selected ${label(field)} is invalid.`);
    else values[field] = v;
  }
  for (const field of rules.numbers ?? []) {
    if (!params.has(field) || params.get(field) === '') continue;
    const n = Number(params.get(field));
    if (!Number.isFinite(n)) fail(field, `The ${label(field)} must be a number.`);
    else values[field] = n;
  }
  return [values, Object.keys(messages).length ? messages : null];
}

const idList = (text) =>
  (text ?? '')
    .split(',')
    .map((s) => Number.parseInt(s.trim(), 10))
    .filter((n) => Number.isInteger(n));

function paginate(list, page = 1, limit = JIKAN_MAX_LIMIT, origin) {
  const total = list.length;
  const lastVisible = Math.max(1, Math.ceil(total / limit));
  const slice = list.slice((page - 1) * limit, page * limit);
  return {
    pagination: {
      last_visible_page: lastVisible,
      has_next_page: page < lastVisible,
      current_page: page,
      items: { count: slice.length, total, per_page: limit },
    },
    data: slice.map((b) => toListItem(b, origin)),
  };
}

function handleJikan(req, res, url, route, origin) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(req, res, 405, {
      status: 405,
      type: 'BadRequestException',
      message: 'Method Not Allowed',
      error: null,
    });
  }
  const params = url.searchParams;

  if (route === '/anime') {
    const [v, errors] = parseJikanQuery(params, {
      enums: {
        type: Object.keys(TYPE_VALUES),
        status: Object.keys(STATUS_VALUES),
        rating: Object.keys(RATING_VALUES),
        order_by: ORDER_BY_VALUES,
        sort: ['asc', 'desc'],
      },
      numbers: ['min_score', 'max_score'],
    });
    if (errors) return send(req, res, 400, jikanValidation(errors));
    const list = searchAnime({
      q: params.get('q') ?? '',
      type: v.type,
      status: v.status,
      rating: v.rating,
      genres: idList(params.get('genres')),
      genresExclude: idList(params.get('genres_exclude')),
      minScore: v.min_score,
      maxScore: v.max_score,
      startDate: params.get('start_date') || undefined,
      endDate: params.get('end_date') || undefined,
      letter: params.get('letter') || undefined,
      orderBy: v.order_by,
      sort: v.sort,
      sfw: flag(params, 'sfw'),
      unapproved: flag(params, 'unapproved'),
    });
    return send(req, res, 200, paginate(list, v.page, v.limit, origin));
  }

  if (route === '/top/anime') {
    const [v, errors] = parseJikanQuery(params, {
      enums: {
        type: Object.keys(TYPE_VALUES),
        filter: TOP_FILTER_VALUES,
        rating: Object.keys(RATING_VALUES),
      },
    });
    if (errors) return send(req, res, 400, jikanValidation(errors));
    let list = topAnime({ type: v.type, filter: v.filter });
    if (v.rating) list = list.filter((b) => b.rating === RATING_VALUES[v.rating]);
    return send(req, res, 200, paginate(list, v.page, v.limit, origin));
  }

  if (route === '/seasons/now') {
    const [v, errors] = parseJikanQuery(params, {
      enums: { filter: ['tv', 'movie', 'ova', 'special', 'ona', 'music'] },
    });
    if (errors) return send(req, res, 400, jikanValidation(errors));
    const list = seasonNow({
      filter: v.filter,
      sfw: flag(params, 'sfw'),
      unapproved: flag(params, 'unapproved'),
      continuing: flag(params, 'continuing'),
    });
    return send(req, res, 200, paginate(list, v.page, v.limit, origin));
  }

  const season = /^\/seasons\/([^/]+)\/([^/]+)$/.exec(route);
  if (season) {
    const [, rawYear, rawSeason] = season;
    const messages = {};
    if (!/^\d+$/.test(rawYear)) messages.year = ['The year must be an integer.'];
    if (!SEASON_NAMES.includes(rawSeason.toLowerCase()))
      messages.season = ['The selected season is invalid.'];
    const [v, errors] = parseJikanQuery(params, {
      enums: { filter: ['tv', 'movie', 'ova', 'special', 'ona', 'music'] },
    });
    if (errors || Object.keys(messages).length)
      return send(req, res, 400, jikanValidation({ ...messages, ...errors }));
    const list = seasonArchive({
      year: Number(rawYear),
      season: rawSeason.toLowerCase(),
      filter: v.filter,
      sfw: flag(params, 'sfw'),
      unapproved: flag(params, 'unapproved'),
    });
    return send(req, res, 200, paginate(list, v.page, v.limit, origin));
  }

  if (route === '/genres/anime') return send(req, res, 200, { data: genresAnime() });

  const person = /^\/people\/([^/]+)\/full$/.exec(route);
  if (person) {
    const id = safeDecode(person[1]);
    if (!/^\d+$/.test(id))
      return send(req, res, 400, jikanValidation({ id: ['The id must be an integer.'] }));
    const data = personFull(id, { origin });
    if (!data)
      return send(req, res, 404, {
        status: 404,
        type: 'BadResponseException',
        message: 'Resource does not exist',
        error: `404 on https://myanimelist.net/people/${id}/`,
      });
    return send(req, res, 200, { data });
  }

  if (route === '/schedules') {
    const [v, errors] = parseJikanQuery(params, {
      enums: { filter: SCHEDULE_FILTER_VALUES, kids: ['true', 'false'], sfw: ['true', 'false'] },
    });
    if (errors) return send(req, res, 400, jikanValidation(errors));
    const list = schedules({
      filter: v.filter,
      kids: v.kids === undefined ? undefined : v.kids === 'true',
      sfw: flag(params, 'sfw'),
      unapproved: flag(params, 'unapproved'),
    });
    return send(req, res, 200, paginate(list, v.page, v.limit, origin));
  }

  const recommendations = /^\/anime\/([^/]+)\/recommendations$/.exec(route);
  if (recommendations) {
    const id = safeDecode(recommendations[1]);
    if (!/^\d+$/.test(id))
      return send(req, res, 400, jikanValidation({ id: ['The id must be an integer.'] }));
    const data = recommendationsById(id, origin);
    if (!data) return send(req, res, 404, jikanNoSuchAnime(Number(id)));
    return send(req, res, 200, { data });
  }

  const extras = /^\/anime\/([^/]+)\/(characters|staff)$/.exec(route);
  if (extras) {
    const id = safeDecode(extras[1]);
    if (!/^\d+$/.test(id))
      return send(req, res, 400, jikanValidation({ id: ['The id must be an integer.'] }));
    const data = animeExtras(id, extras[2]);
    if (!data) return send(req, res, 404, jikanNoSuchAnime(Number(id)));
    return send(req, res, 200, { data });
  }

  const byId = /^\/anime\/([^/]+)(\/full)?$/.exec(route);
  if (byId) {
    const [, rawId, fullSuffix] = byId;
    const id = safeDecode(rawId);
    if (!/^\d+$/.test(id))
      return send(req, res, 400, jikanValidation({ id: ['The id must be an integer.'] }));
    const full = Boolean(fullSuffix);
    if (!baseById(id) || (full && Number(id) === ID_BASIC_ONLY)) {
      return send(req, res, 404, jikanNoSuchAnime(Number(id)));
    }
    return send(req, res, 200, { data: animeById(id, { origin, full }) });
  }

  // Unknown Jikan routes answer the framework's 404, as in jikanpy__anime-failure.json.
  return send(req, res, 404, jikanNotFoundRoute());
}

// ---------------------------------------------------------------------------------------------
// Streaming provider
// ---------------------------------------------------------------------------------------------

function handleStreaming(req, res, url, host, route, origin) {
  if (host === 'down') {
    return send(req, res, 503, { message: 'Service Unavailable' });
  }
  if (host !== 'main') return send(req, res, 404, { message: 'Not Found' });
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(req, res, 405, { message: 'Method Not Allowed' });

  // The app probes availability with /anime/gogoanime/test and treats 404 as "up"; the real
  // provider's answer to it is a 404 too, so the fake keeps that (SPEC §7).
  if (route === '/anime/gogoanime/test') return send(req, res, 404, { message: 'Not Found' });

  const info = /^\/anime\/gogoanime\/info\/([^/]+)$/.exec(route);
  if (info) {
    const found = streamingInfo(safeDecode(info[1]), origin);
    return found ? send(req, res, 200, found) : send(req, res, 404, { message: 'Anime not found' });
  }

  const search = /^\/anime\/gogoanime\/([^/]+)$/.exec(route);
  if (search) {
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    const all = streamingSearch(safeDecode(search[1]), origin);
    const results = all.slice((page - 1) * STREAMING_PAGE_SIZE, page * STREAMING_PAGE_SIZE);
    return send(req, res, 200, {
      currentPage: page,
      hasNextPage: page * STREAMING_PAGE_SIZE < all.length,
      results,
    });
  }

  const watch = /^\/watch\/([^/]+)$/.exec(route);
  if (watch) {
    const name = safeDecode(watch[1]).replace(/[<>&"]/g, '');
    return send(
      req,
      res,
      200,
      `<!doctype html><title>${name}</title><h1>${name}</h1><p>Fake upstream episode page.</p>`,
      {
        'Content-Type': 'text/html; charset=utf-8',
      },
    );
  }
  return send(req, res, 404, { message: 'Not Found' });
}

// ---------------------------------------------------------------------------------------------
// Translate (Google's translate_a/single, client=gtx)
// ---------------------------------------------------------------------------------------------

const googleErrorPage = (status, title) =>
  `<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error ${status} (${title})!!1</title><p><b>${status}.</b> <ins>That's an error.</ins></p></html>`;

function handleTranslate(req, res, url, route) {
  if (route !== '/translate_a/single')
    return send(req, res, 404, googleErrorPage(404, 'Not Found'), {
      'Content-Type': 'text/html; charset=UTF-8',
    });
  const q = url.searchParams.get('q');
  if (!q || !url.searchParams.get('tl')) {
    return send(req, res, 400, googleErrorPage(400, 'Bad Request'), {
      'Content-Type': 'text/html; charset=UTF-8',
    });
  }
  const detected = /[\u3040-\u30ff\u4e00-\u9faf]/.test(q) ? 'ja' : 'en';
  // [[[translated, original, null, null, confidence], ...], null, detectedSourceLanguage]
  const segments = splitSentences(q).map((original) => [fakeTranslate(original), original, null, null, 1]);
  return send(req, res, 200, [segments, null, detected], {
    'Content-Type': 'application/json; charset=utf-8',
  });
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

function handleImages(req, res, route, texturedCovers) {
  const cover = /^\/cover\/(\d+)([tl]?)\.(png|jpg|jpeg|webp)$/.exec(route);
  if (cover) {
    return send(req, res, 200, coverPng(Number(cover[1]), cover[2], texturedCovers), {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
    });
  }
  return send(req, res, 404, 'Not Found');
}

// ---------------------------------------------------------------------------------------------
// Trackers (trackers.mjs): AniList's GraphQL endpoint takes a POST at its root
// ---------------------------------------------------------------------------------------------

async function handleAnilist(req, res) {
  if (req.method !== 'POST')
    return send(req, res, 405, { errors: [{ message: 'Method Not Allowed', status: 405 }] });
  let body;
  try {
    body = await readJsonBody(req);
  } catch {
    return send(req, res, 400, { data: null, errors: [{ message: 'Invalid JSON body', status: 400 }] });
  }
  const [status, answer, headers] = anilistAnswer(body);
  return send(req, res, status, answer, headers);
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------

/** Reason phrases of the HTTP statuses the fault switch can answer. */
const STATUS_TEXT = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
function faultResponse(service, mode, fault) {
  const status = Number(mode);
  const headers = {};
  if (mode === '429' && fault.retryAfter !== null && fault.retryAfter !== undefined)
    headers['Retry-After'] = String(fault.retryAfter);

  if (service === 'jikan') {
    if (mode === '429') {
      return [
        429,
        {
          status: 429,
          type: 'RateLimitException',
          message:
            'You are being rate limited. Please follow Rate Limiting guidelines: https://docs.api.jikan.moe/#section/Information/Rate-Limiting',
          error: null,
        },
        headers,
      ];
    }
    if (mode === '500') {
      return [
        500,
        {
          status: 500,
          type: 'Exception',
          message: 'Unhandled Exception. Please follow report_url to generate an issue on GitHub',
          error: 'fake-upstream injected fault',
          report_url: null,
        },
        headers,
      ];
    }
    if (mode === '503') {
      return [
        503,
        {
          status: 503,
          type: 'BadResponseException',
          message:
            'Jikan failed to connect to MyAnimeList.net. MyAnimeList.net may be down/unavailable, refuses to connect or took too long to respond.',
          error: 'fake-upstream injected fault',
        },
        headers,
      ];
    }
    // 502 and 504 come from the nginx in front of Jikan, not from Jikan: an HTML page, so a
    // client that assumes every error body is JSON gets caught out here, as it would in life.
    const title = status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out';
    return [
      status,
      `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx/1.18.0 (Ubuntu)</center>\r\n</body>\r\n</html>\r\n`,
      { ...headers, 'Content-Type': 'text/html' },
    ];
  }
  if (service === 'streaming') {
    const message = STATUS_TEXT[mode];
    return [status, { message }, headers];
  }
  if (service === 'anilist') {
    // AniList answers its errors as GraphQL errors, and tells how many calls are left.
    return [
      status,
      { data: null, errors: [{ message: STATUS_TEXT[mode], status }] },
      mode === '429' ? { ...headers, 'X-RateLimit-Limit': '90', 'X-RateLimit-Remaining': '0' } : headers,
    ];
  }
  if (service === 'kitsu') {
    return [
      status,
      { errors: [{ title: STATUS_TEXT[mode], status: String(status), code: String(status) }] },
      { ...headers, 'Content-Type': 'application/vnd.api+json' },
    ];
  }
  if (service === 'translate') {
    const title = STATUS_TEXT[mode];
    return [
      status,
      googleErrorPage(status, title),
      { ...headers, 'Content-Type': 'text/html; charset=UTF-8' },
    ];
  }
  return [status, `fake-upstream injected ${mode}`, headers];
}

function validateFault(body) {
  const errors = [];
  const service = body.service;
  const mode = body.mode === undefined ? undefined : String(body.mode);
  if (![...SERVICES, 'all'].includes(service))
    errors.push(`service must be one of ${[...SERVICES, 'all'].join(', ')}`);
  if (!FAULT_MODES.includes(mode)) errors.push(`mode must be one of ${FAULT_MODES.join(', ')}`);
  if (body.match !== undefined && body.match !== null && typeof body.match !== 'string')
    errors.push('match must be a string');
  if (
    body.retryAfter !== undefined &&
    body.retryAfter !== null &&
    !(typeof body.retryAfter === 'number' && body.retryAfter >= 0)
  )
    errors.push('retryAfter must be a non-negative number of seconds or null');
  if (body.delayMs !== undefined && !(typeof body.delayMs === 'number' && body.delayMs >= 0))
    errors.push('delayMs must be a non-negative number');
  if (body.times !== undefined && body.times !== null && !(Number.isInteger(body.times) && body.times >= 1))
    errors.push('times must be a positive integer');
  if (errors.length) return [null, errors];
  return [
    {
      service,
      mode,
      match: body.match || null,
      retryAfter: body.retryAfter ?? null,
      delayMs: body.delayMs ?? 2000,
      times: body.times ?? null,
      hits: 0,
    },
    null,
  ];
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

/**
 * Starts the fake. Each instance has its own faults and call log, so tests can run several.
 * @param {{ port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startFakeUpstream({ port = 0, host = '127.0.0.1', texturedCovers = false } = {}) {
  /** Active faults in creation order; the most recently added matching one wins. */
  let faults = [];
  let calls = [];
  let nextFaultId = 1;
  const sockets = new Set();
  const timers = new Set();
  let selfUrl = '';

  function pickFault(service, rawUrl) {
    for (let i = faults.length - 1; i >= 0; i--) {
      const f = faults[i];
      if ((f.service === service || f.service === 'all') && urlMatches(rawUrl, f.match)) {
        f.hits += 1;
        if (f.times !== null && f.hits >= f.times) faults = faults.filter((x) => x !== f);
        return f;
      }
    }
    return null;
  }

  function logCall(entry) {
    calls.push(entry);
    if (calls.length > MAX_LOGGED_CALLS + 1000) calls = calls.slice(-MAX_LOGGED_CALLS);
  }

  async function handleControl(req, res, url) {
    const route = url.pathname.slice('/__control'.length);
    if (route === '/fault' && req.method === 'POST') {
      let body;
      try {
        body = await readJsonBody(req);
      } catch (err) {
        return send(req, res, 400, { error: err.message });
      }
      const [fault, errors] = validateFault(body ?? {});
      if (errors) return send(req, res, 400, { error: errors.join('; ') });
      const id = `f${nextFaultId++}`;
      faults.push({ id, ...fault });
      return send(req, res, 201, { id });
    }
    const del = /^\/fault\/([^/]+)$/.exec(route);
    if (del && req.method === 'DELETE') {
      const before = faults.length;
      faults = faults.filter((f) => f.id !== del[1]);
      return send(req, res, before === faults.length ? 404 : 200, { removed: before !== faults.length });
    }
    if (route === '/faults' && req.method === 'GET') {
      return send(req, res, 200, { faults });
    }
    if (route === '/reset' && req.method === 'POST') {
      faults = [];
      calls = [];
      return send(req, res, 200, { ok: true });
    }
    if (route === '/calls' && req.method === 'GET') {
      const service = url.searchParams.get('service');
      const since = Number(url.searchParams.get('since') ?? 0) || 0;
      const match = url.searchParams.get('match');
      const selected = calls.filter(
        (c) => (!service || c.service === service) && c.time >= since && urlMatches(c.url, match),
      );
      return send(req, res, 200, { calls: selected });
    }
    return send(req, res, 404, { error: `no control route ${req.method} ${url.pathname}` });
  }

  function dispatch(req, res, url, service, origin) {
    const rest = url.pathname.slice(service.length + 1);
    switch (service) {
      case 'jikan': {
        if (!rest.startsWith('/v4/') && rest !== '/v4') return send(req, res, 404, jikanNotFoundRoute());
        return handleJikan(req, res, url, rest.slice(3).replace(/\/+$/, '') || '/', origin);
      }
      case 'streaming': {
        const m = /^\/([^/]+)(\/.*)?$/.exec(rest);
        if (!m) return send(req, res, 404, { message: 'Not Found' });
        return handleStreaming(req, res, url, m[1], (m[2] ?? '/').replace(/\/+$/, '') || '/', origin);
      }
      case 'translate':
        return handleTranslate(req, res, url, rest);
      case 'anilist':
        return handleAnilist(req, res);
      case 'kitsu': {
        if (!rest.startsWith('/api/edge/')) return send(req, res, 404, { errors: [{ title: 'Not Found' }] });
        const [status, body, headers] = kitsuAnswer(rest.slice('/api/edge'.length), url.searchParams, origin);
        return send(req, res, status, body, headers);
      }
      default:
        return handleImages(req, res, rest, texturedCovers);
    }
  }

  async function onRequest(req, res) {
    const url = new URL(req.url ?? '/', 'http://fake-upstream.invalid');
    const origin = req.headers.host ? `http://${req.headers.host}` : selfUrl;

    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...BASE_HEADERS,
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (url.pathname === '/__health') return send(req, res, 200, { ok: true });
    if (url.pathname === '/__control' || url.pathname.startsWith('/__control/'))
      return handleControl(req, res, url);

    const service = SERVICES.find((s) => url.pathname === `/${s}` || url.pathname.startsWith(`/${s}/`));
    if (!service)
      return send(req, res, 404, { error: `no fake upstream route ${req.method} ${url.pathname}` });

    const rawUrl = `${url.pathname}${url.search}`;
    const fault = pickFault(service, rawUrl);
    const mode = fault && fault.mode !== 'none' ? fault.mode : null;
    logCall({
      service,
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      url: rawUrl,
      time: Date.now(),
      fault: mode,
    });

    switch (mode) {
      case null:
        return dispatch(req, res, url, service, origin);
      case 'hang':
        // Never answer: the socket stays open until the client gives up or close() destroys it.
        return undefined;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          dispatch(req, res, url, service, origin);
        }, fault.delayMs);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return undefined;
      }
      case 'malformed':
        return send(req, res, 200, '{"data": [', { 'Content-Type': 'application/json' });
      case 'reset':
        // The connection closes before any answer, as a kept-alive socket the server just dropped.
        req.socket.destroy();
        return undefined;
      default: {
        const [status, body, headers] = faultResponse(service, mode, fault);
        return send(req, res, status, body, headers);
      }
    }
  }

  const server = http.createServer((req, res) => {
    onRequest(req, res).catch((err) => {
      send(req, res, 500, { error: `fake-upstream bug: ${err?.message ?? err}` });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  selfUrl = `http://${urlHost}:${actualPort}`;

  let closing;
  return {
    url: selfUrl,
    port: actualPort,
    close() {
      closing ??= new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        // Hanging and keep-alive sockets would hold close() open forever.
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

function cliOption(name) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return undefined;
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const rawPort = cliOption('port') ?? process.env.FAKE_UPSTREAM_PORT ?? '4010';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`fake-upstream: invalid port "${rawPort}"`);
    process.exit(2);
  }
  const host = cliOption('host') ?? process.env.FAKE_UPSTREAM_HOST ?? '127.0.0.1';
  startFakeUpstream({ port, host }).then(
    (fake) => {
      console.log(`fake-upstream listening on ${fake.url}`);
      const stop = () => fake.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (err) => {
      console.error(`fake-upstream: ${err.message}`);
      process.exit(1);
    },
  );
}

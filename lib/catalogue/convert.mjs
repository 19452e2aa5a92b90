// bangumi-data → the compact offline catalogue (plain Node ESM, so scripts/build-catalogue.mjs can
// run it at build time without a TypeScript step; lib/catalogue/load.ts runs it too when the built
// file is missing, e.g. under `next dev`). Types in convert.d.mts.
//
// Only records with a MyAnimeList id are kept: the app's pages are keyed by it. Records that share
// one MAL id (MAL files One Piece's Elbaf arc under the 1999 series, bangumi-data lists it apart)
// merge into one: earliest start, latest end (none while any part has none), every title and link.

export const CATALOGUE_FORMAT = 1;

/** bangumi-data's translation languages, as the catalogue keys them. */
const LANGUAGES = ['en', 'ja', 'zh-Hans', 'zh-Hant'];

/** Air dates are instants in UTC; Japanese TV's calendar date is the one in JST (UTC+9). */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** An ISO instant → 'YYYY-MM-DD' in Japan, or '' when absent or unreadable. */
export function jstDate(instant) {
  if (typeof instant !== 'string' || !instant) return '';
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  return new Date(time + JST_OFFSET_MS).toISOString().slice(0, 10);
}

function httpUrl(value) {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The streaming sites ("onair": legal broadcasters and platforms) from bangumi-data's siteMeta.
 * "info" sites are databases and "resource" sites are torrent indexes: neither is a place to watch.
 */
export function streamingSites(siteMeta) {
  const sites = {};
  for (const [key, meta] of Object.entries(siteMeta ?? {})) {
    if (meta?.type !== 'onair' || typeof meta.title !== 'string') continue;
    sites[key] = {
      name: meta.title,
      template: meta.urlTemplate,
      regions: Array.isArray(meta.regions) ? meta.regions : [],
    };
  }
  return sites;
}

/** A site's URL template with an entry's id filled in, or null when that is not an http(s) URL. */
export function expandTemplate(template, id) {
  if (typeof template !== 'string' || typeof id !== 'string' || !id) return null;
  return httpUrl(template.replace('{{id}}', id));
}

/**
 * How the catalogue stores one site entry's address: its own `url` when it has one (bangumi-data:
 * it wins over the template), else the bare id, which expandLink turns back into the URL. Ids are
 * most of the file's links, so this keeps it small. Null when neither gives an http(s) URL.
 */
export function linkTarget(entry, meta) {
  const own = httpUrl(entry?.url);
  if (own) return own;
  return expandTemplate(meta?.urlTemplate, entry?.id) ? entry.id : null;
}

/** A stored link target back to its URL (see linkTarget). */
export function expandLink(target, site) {
  return /^https?:\/\//.test(target) ? httpUrl(target) : expandTemplate(site?.template, target);
}

function malId(item) {
  for (const site of item.sites ?? []) {
    if (site.site === 'mal' && /^[1-9]\d{0,9}$/.test(site.id ?? '')) return Number(site.id);
  }
  return null;
}

function pushUnique(list, values) {
  for (const value of values ?? []) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text && !list.includes(text)) list.push(text);
  }
}

/** One bangumi-data item → one catalogue record (before merging records that share a MAL id). */
export function toRecord(item, siteMeta) {
  const id = malId(item);
  if (id === null || typeof item.title !== 'string' || !item.title.trim()) return null;
  const translations = {};
  for (const language of LANGUAGES) {
    const list = [];
    pushUnique(list, item.titleTranslate?.[language]);
    if (list.length) translations[language] = list;
  }
  const links = [];
  for (const entry of item.sites ?? []) {
    const meta = siteMeta?.[entry.site];
    if (meta?.type !== 'onair') continue;
    const target = linkTarget(entry, meta);
    if (!target || links.some((link) => link[0] === entry.site && link[1] === target)) continue;
    // An entry's own regions narrow the site's (bangumi-data: "用于覆盖站点本身的区域限制").
    const regions = Array.isArray(entry.regions) && entry.regions.length ? entry.regions : null;
    links.push(regions ? [entry.site, target, regions] : [entry.site, target]);
  }
  const record = {
    id,
    title: item.title.trim(),
    lang: typeof item.lang === 'string' ? item.lang : 'ja',
    type: ['tv', 'web', 'movie', 'ova'].includes(item.type) ? item.type : 'tv',
    begin: jstDate(item.begin),
    end: jstDate(item.end),
  };
  if (Object.keys(translations).length) record.tr = translations;
  const site = httpUrl(item.officialSite);
  if (site) record.site = site;
  if (links.length) record.links = links;
  return record;
}

function merge(into, next) {
  const later = next.begin && (!into.begin || next.begin >= into.begin) ? next : into;
  const first = later === next ? into : next;
  const merged = { ...first };
  // A part without an end date is still running (or undated), so the whole is too.
  merged.end = first.end && later.end ? (first.end > later.end ? first.end : later.end) : '';
  const alternatives = [];
  if (later.title !== first.title) alternatives.push(later.title);
  const tr = {};
  for (const language of LANGUAGES) {
    const list = [];
    pushUnique(list, first.tr?.[language]);
    pushUnique(list, later.tr?.[language]);
    if (language === first.lang) pushUnique(list, alternatives);
    if (list.length) tr[language] = list;
  }
  if (Object.keys(tr).length) merged.tr = tr;
  else delete merged.tr;
  merged.site = first.site ?? later.site;
  if (!merged.site) delete merged.site;
  const links = [...(first.links ?? [])];
  for (const link of later.links ?? []) {
    if (!links.some((known) => known[0] === link[0] && known[1] === link[1])) links.push(link);
  }
  if (links.length) merged.links = links;
  return merged;
}

/**
 * The whole conversion. `data` is bangumi-data's export ({ siteMeta, items }); `version` its
 * package version, kept in the file for the credit and for the benchmark.
 */
export function buildCatalogue(data, version = 'unknown') {
  const byId = new Map();
  for (const item of data.items ?? []) {
    const record = toRecord(item, data.siteMeta);
    if (!record) continue;
    const known = byId.get(record.id);
    byId.set(record.id, known ? merge(known, record) : record);
  }
  const records = [...byId.values()].sort((a, b) => a.id - b.id);
  return {
    format: CATALOGUE_FORMAT,
    source: { name: 'bangumi-data', version, license: 'CC-BY-4.0' },
    sites: streamingSites(data.siteMeta),
    records,
  };
}

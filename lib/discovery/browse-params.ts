/**
 * The URL state of the catalogue's browsing pages: /browse (filters over the anime database's
 * search) and /season/{year}/{season} (the season archive), and the `page` every Jikan listing
 * takes. Pure, so proxy.ts, server pages and client components read a URL the same way.
 *
 * One canonical URL per result set: values are validated and normalised (case, order of ids,
 * duplicates), defaults are dropped and parameters are written in one fixed order, so two links
 * that show the same results are one cached page and one call to the anime database. A value
 * that cannot be read (hostile, malformed, out of bounds) falls back to the default: never an
 * error.
 */

import { parseView, type SearchParamsInput, type View, DEFAULT_VIEW } from './params';

function first(params: SearchParamsInput, name: string): string | undefined {
  if (typeof (params as URLSearchParams).get === 'function') {
    return (params as URLSearchParams).get(name) ?? undefined;
  }
  const value = (params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  const normalised = value?.trim().toLowerCase();
  return (allowed as readonly string[]).includes(normalised ?? '') ? (normalised as T) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * The furthest page a listing link may ask for (the API's own bound, lib/server/http.ts pageParam):
 * 25,000 anime at 25 a page, nearly all of MyAnimeList's; a number past it is no page anyone reads,
 * only a way to make new cache entries.
 */
export const MAX_PAGE = 1000;

/** `page` as a whole number in 1…MAX_PAGE; anything else is page 1. */
export function parsePage(value: string | undefined | null): number {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function readPage(params: SearchParamsInput): number {
  return parsePage(first(params, 'page'));
}

// ---------------------------------------------------------------------------------------------
// Seasons

export const SEASON_NAMES = ['winter', 'spring', 'summer', 'fall'] as const;
export type SeasonName = (typeof SEASON_NAMES)[number];
export interface SeasonRef {
  year: number;
  season: SeasonName;
}

/** The first season MyAnimeList lists (/seasons: winter 1917). */
export const FIRST_SEASON: SeasonRef = { year: 1917, season: 'winter' };

/** The season of `date` in Japan (MyAnimeList's seasons: winter is January–March). */
export function seasonAt(date: Date): SeasonRef {
  const japan = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return { year: japan.getUTCFullYear(), season: SEASON_NAMES[Math.floor(japan.getUTCMonth() / 3)]! };
}

/** The latest season the archive lists: a year ahead of `current` (announced shows). */
export function lastSeason(current: SeasonRef): SeasonRef {
  return { year: current.year + 1, season: 'fall' };
}

function seasonIndex({ year, season }: SeasonRef): number {
  return year * 4 + SEASON_NAMES.indexOf(season);
}

function fromIndex(index: number): SeasonRef {
  return { year: Math.floor(index / 4), season: SEASON_NAMES[index % 4]! };
}

/**
 * /season/{year}/{season}'s segments as a season within FIRST_SEASON…lastSeason(current), or null
 * (a 404: no such season page). Case and a stray space are forgiven.
 */
export function parseSeasonSegments(year: string, season: string, current: SeasonRef): SeasonRef | null {
  const name = oneOf(season, SEASON_NAMES);
  const text = year.trim();
  if (!name || !/^\d{4}$/.test(text)) return null;
  const ref = { year: Number(text), season: name };
  const index = seasonIndex(ref);
  if (index < seasonIndex(FIRST_SEASON) || index > seasonIndex(lastSeason(current))) return null;
  return ref;
}

/** The season before `ref`, or null before the first. */
export function previousSeason(ref: SeasonRef): SeasonRef | null {
  const index = seasonIndex(ref) - 1;
  return index < seasonIndex(FIRST_SEASON) ? null : fromIndex(index);
}

/** The season after `ref`, or null after the last the archive lists. */
export function nextSeason(ref: SeasonRef, current: SeasonRef): SeasonRef | null {
  const index = seasonIndex(ref) + 1;
  return index > seasonIndex(lastSeason(current)) ? null : fromIndex(index);
}

/** A season wholly over by `current` (its listing no longer changes much: cached long). */
export function isPastSeason(ref: SeasonRef, current: SeasonRef): boolean {
  return seasonIndex(ref) < seasonIndex(current) - 1;
}

/** Years the picker offers, newest first. */
export function archiveYears(current: SeasonRef): number[] {
  const years: number[] = [];
  for (let year = lastSeason(current).year; year >= FIRST_SEASON.year; year -= 1) years.push(year);
  return years;
}

/** Every season of the archive up to `current`, newest first (the sitemap lists them). */
export function archiveSeasons(current: SeasonRef): SeasonRef[] {
  const seasons: SeasonRef[] = [];
  for (let index = seasonIndex(current); index >= seasonIndex(FIRST_SEASON); index -= 1)
    seasons.push(fromIndex(index));
  return seasons;
}

export interface SeasonPageState extends SeasonRef {
  page: number;
  view: View;
}

/** /season/2023/fall, with `page` and `view` only when they differ from the defaults. */
export function seasonHref({
  year,
  season,
  page = 1,
  view = DEFAULT_VIEW,
}: SeasonRef & Partial<SeasonPageState>) {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (view !== DEFAULT_VIEW) query.set('view', view);
  const search = query.toString();
  return `/season/${year}/${season}${search ? `?${search}` : ''}`;
}

const SEASON_PATH = /^\/season\/([^/]+)\/([^/]+)\/?$/;

/** The year and season segments of a season archive path, or null for any other path. */
export function seasonPathSegments(pathname: string): { year: string; season: string } | null {
  const match = SEASON_PATH.exec(pathname);
  return match ? { year: match[1]!, season: match[2]! } : null;
}

// ---------------------------------------------------------------------------------------------
// Browse

export const BROWSE_TYPES = ['tv', 'movie', 'ova', 'ona', 'special', 'music'] as const;
export type BrowseType = (typeof BROWSE_TYPES)[number];
export const BROWSE_STATUSES = ['airing', 'complete', 'upcoming'] as const;
export type BrowseStatus = (typeof BROWSE_STATUSES)[number];
export const BROWSE_SORTS = ['popularity', 'score', 'start_date', 'title'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const DEFAULT_BROWSE_SORT: BrowseSort = 'popularity';

/** The anime database's order for each sort: popularity is a rank (1 = most members), so ascending. */
export const BROWSE_SORT_ORDER: Record<BrowseSort, { orderBy: string; sort: 'asc' | 'desc' }> = {
  popularity: { orderBy: 'popularity', sort: 'asc' },
  score: { orderBy: 'score', sort: 'desc' },
  start_date: { orderBy: 'start_date', sort: 'desc' },
  title: { orderBy: 'title', sort: 'asc' },
};

/** Most genre ids one filter keeps: more is no real choice, only a longer cache key. */
export const MAX_GENRES = 10;
/** Scores the minimum-score filter offers (MyAnimeList scores run 1–10). */
export const MIN_SCORES = [5, 6, 7, 8, 9] as const;

export interface BrowseState {
  /** Genre ids every result has, ascending. */
  genres: number[];
  /** Genre ids no result has, ascending; never one of `genres`. */
  exclude: number[];
  type?: BrowseType;
  status?: BrowseStatus;
  year?: number;
  season?: SeasonName;
  minScore?: number;
  sort: BrowseSort;
  page: number;
  view: View;
}

function genreList(value: string | undefined): number[] {
  const ids = new Set<number>();
  for (const part of (value ?? '').split(',')) {
    const text = part.trim();
    if (/^[1-9]\d{0,4}$/.test(text)) ids.add(Number(text));
  }
  return [...ids].sort((a, b) => a - b).slice(0, MAX_GENRES);
}

/** Every browse parameter, read leniently: what cannot be read is the default (no filter). */
export function parseBrowseParams(params: SearchParamsInput, current: SeasonRef): BrowseState {
  const genres = genreList(first(params, 'genres'));
  const exclude = genreList(first(params, 'exclude')).filter((id) => !genres.includes(id));
  const yearText = first(params, 'year')?.trim() ?? '';
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : undefined;
  const inRange = year !== undefined && year >= FIRST_SEASON.year && year <= lastSeason(current).year;
  const scoreText = first(params, 'min_score')?.trim() ?? '';
  const score = /^\d{1,2}$/.test(scoreText) ? Number(scoreText) : undefined;
  const state: BrowseState = {
    genres,
    exclude,
    sort: oneOf(first(params, 'sort'), BROWSE_SORTS) ?? DEFAULT_BROWSE_SORT,
    page: readPage(params),
    view: parseView(params),
  };
  const type = oneOf(first(params, 'type'), BROWSE_TYPES);
  const status = oneOf(first(params, 'status'), BROWSE_STATUSES);
  if (type) state.type = type;
  if (status) state.status = status;
  if (inRange) {
    state.year = year;
    // A season means nothing without its year.
    const season = oneOf(first(params, 'season'), SEASON_NAMES);
    if (season) state.season = season;
  }
  if (score !== undefined && (MIN_SCORES as readonly number[]).includes(score)) state.minScore = score;
  return state;
}

/** The parameters each browse URL may carry, in the order the canonical URL writes them. */
export const BROWSE_PARAMS = [
  'genres',
  'exclude',
  'type',
  'status',
  'year',
  'season',
  'min_score',
  'sort',
  'page',
  'view',
] as const;

/**
 * A browse URL's query as parseBrowseParams reads it: the filter form sends each chosen genre as
 * its own `genres=` (checkboxes), a shared link a comma-separated list; both mean the same set.
 */
export function browseParamsFromQuery(search: URLSearchParams): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const name of BROWSE_PARAMS) {
    const values = search.getAll(name);
    if (!values.length) continue;
    merged[name] = name === 'genres' || name === 'exclude' ? values.join(',') : values[0]!;
  }
  return merged;
}

/** The canonical query (no '?') of a browse state: fixed order, defaults dropped. */
export function browseQuery(state: BrowseState): string {
  const query = new URLSearchParams();
  if (state.genres.length) query.set('genres', state.genres.join(','));
  if (state.exclude.length) query.set('exclude', state.exclude.join(','));
  if (state.type) query.set('type', state.type);
  if (state.status) query.set('status', state.status);
  if (state.year !== undefined) query.set('year', String(state.year));
  if (state.year !== undefined && state.season) query.set('season', state.season);
  if (state.minScore !== undefined) query.set('min_score', String(state.minScore));
  if (state.sort !== DEFAULT_BROWSE_SORT) query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  if (state.view !== DEFAULT_VIEW) query.set('view', state.view);
  // Commas stay readable in a shared link.
  return query.toString().replace(/%2C/g, ',');
}

export function browseHref(state: BrowseState): string {
  const query = browseQuery(state);
  return query ? `/browse?${query}` : '/browse';
}

/** The same result set without its page and view: the key of what the anime database is asked. */
export function browseResultKey(state: BrowseState): string {
  return browseQuery({ ...state, page: 1, view: DEFAULT_VIEW });
}

/**
 * Genres MyAnimeList files adult content under (SPEC §6 keywords: Hentai, Ecchi, Yuri = Girls
 * Love, Yaoi = Boys Love, Harem; and Erotica): a visitor who asks for one sees an explained empty
 * state, and no call is made for it.
 */
export const ADULT_GENRE_IDS: ReadonlySet<number> = new Set([9, 12, 26, 28, 35, 49]);

export function asksForAdultGenre(state: BrowseState): boolean {
  return state.genres.some((id) => ADULT_GENRE_IDS.has(id));
}

/** The date window of a year (and season) as the anime database's start_date/end_date. */
export function browseDateWindow(state: BrowseState): { startDate?: string; endDate?: string } {
  if (state.year === undefined) return {};
  if (!state.season) return { startDate: `${state.year}-01-01`, endDate: `${state.year}-12-31` };
  const index = SEASON_NAMES.indexOf(state.season);
  const month = (n: number) => String(n).padStart(2, '0');
  const lastDay = [31, 30, 30, 31][index]!;
  return {
    startDate: `${state.year}-${month(index * 3 + 1)}-01`,
    endDate: `${state.year}-${month(index * 3 + 3)}-${lastDay}`,
  };
}

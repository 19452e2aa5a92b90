import type { Anime, AnimeDetails } from '@/lib/jikan/types';
import type { CatalogueRecord, CatalogueType } from './convert.mjs';
import type { Season } from './dates';

/** The part of a fetched record worth keeping offline: identity, titles, looks, adult filter. */
export interface SeenAnime {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  titleJapanese: string | null;
  /** Other titles (synonyms, other languages) from a details record. */
  otherTitles: string[];
  type: string | null;
  episodes: number | null;
  year: number | null;
  status: string | null;
  rating: string | null;
  /** MyAnimeList popularity rank when fetched: orders equally good matches. */
  popularity: number | null;
  images: Anime['images'];
  genres: string[];
}

export interface StreamingLink {
  /** bangumi-data's site key, e.g. 'netflix'. */
  site: string;
  name: string;
  url: string;
  /** Where the service offers it (ISO country codes); empty = no stated limit. */
  regions: string[];
}

export interface CatalogueSearch {
  q: string;
  page: number;
  limit: number;
  /** Jikan's type words (tv, movie, ova, ona, …). */
  type?: string;
  /** Jikan's status words (airing, complete, upcoming). */
  status?: string;
  /** Jikan's order_by field; unsupported fields (score, popularity, …) keep relevance order. */
  orderBy?: string;
  sort?: string;
}

export interface CatalogueListing {
  items: Anime[];
  hasNextPage: boolean;
}

export interface CatalogueSeasonListing extends CatalogueListing {
  /** The season listed: the current one, or the latest the catalogue knows when it is older. */
  season: Season;
}

/** Jikan's type labels. bangumi-data's "web" is what MyAnimeList calls an ONA. */
export const TYPE_LABEL: Record<CatalogueType, string> = { tv: 'TV', web: 'ONA', movie: 'Movie', ova: 'OVA' };
export const TYPE_BY_JIKAN: Record<string, CatalogueType> = {
  tv: 'tv',
  ona: 'web',
  movie: 'movie',
  ova: 'ova',
};
export const STATUS_BY_JIKAN: Record<string, string> = {
  airing: 'Currently Airing',
  complete: 'Finished Airing',
  upcoming: 'Not yet aired',
};
/** More than this many remembered records and the oldest are forgotten (about 1 KB each). */
export const MAX_SEEN = 20_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The part of `anime` the catalogue keeps. A listing record has no `titles`: `known` (an earlier
 * details record) keeps its other titles.
 */
export function toSeenAnime(anime: Anime | AnimeDetails, known?: SeenAnime): SeenAnime {
  const otherTitles = 'titles' in anime ? anime.titles.map((entry) => entry.title) : [];
  return {
    id: anime.id,
    title: anime.title,
    titleEnglish: anime.titleEnglish,
    titleJapanese: anime.titleJapanese,
    otherTitles: otherTitles.length ? otherTitles : (known?.otherTitles ?? []),
    type: anime.type,
    episodes: anime.episodes,
    year: anime.year,
    status: anime.status,
    rating: anime.rating,
    popularity: anime.popularity,
    images: anime.images,
    genres: anime.genres,
  };
}

/** Jikan's `aired.string` form ("Oct 3, 2002 to Feb 8, 2007"), so the detail page reads alike. */
export function airedString(record: Pick<CatalogueRecord, 'type' | 'begin' | 'end'>): string | null {
  const format = (date: string) => {
    const [year, month, day] = date.split('-').map(Number);
    return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
  };
  if (!record.begin) return null;
  if (record.type === 'movie' || record.end === record.begin) return format(record.begin);
  return `${format(record.begin)} to ${record.end ? format(record.end) : '?'}`;
}

export interface Entry {
  record: CatalogueRecord;
  /** Normalised titles: original, every translation. */
  titles: string[];
}

/** A record learnt from the anime database, with its normalised titles. */
export interface SeenEntry {
  anime: SeenAnime;
  titles: string[];
}

/** Whether the anime database told us this record's age rating and genres. */
export function knowsAdultFacts(seen: SeenAnime | undefined): boolean {
  return !!seen && Array.isArray(seen.genres) && (seen.rating === null || typeof seen.rating === 'string');
}

export function compareText(a: string | null, b: string | null): number {
  // Missing values last, as the anime database sorts nulls.
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export function page<T>(items: T[], pageNumber: number, limit: number): { items: T[]; hasNextPage: boolean } {
  const start = (pageNumber - 1) * limit;
  return { items: items.slice(start, start + limit), hasNextPage: items.length > start + limit };
}

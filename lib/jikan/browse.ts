import 'server-only';
import { z } from 'zod';
import { catalogueSeason } from '@/lib/catalogue';
import { AppError, isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { jikanGet } from './client';
import type { ContentAccess } from './filter';
import { genreIds, listing, pageNumber, pageSize, PAGE_SIZE } from './listings';
import type { AnimePage } from './types';

const log = serverLog('jikan');

/**
 * The catalogue's browsing listings: one season of the archive (/seasons/{year}/{season}), the
 * anime database's search with filters and no text (/anime), and the genre list
 * (/genres/anime). Like every listing they never throw for upstream trouble (listings.ts).
 */

export type ArchiveSeason = 'winter' | 'spring' | 'summer' | 'fall';

/** Entry types /seasons/{year}/{season} filters by (openapi.json). */
const SEASON_FILTERS = ['tv', 'movie', 'ova', 'special', 'ona', 'music'];
const BROWSE_TYPES = ['tv', 'movie', 'ova', 'special', 'ona', 'music'];
const BROWSE_STATUSES = ['airing', 'complete', 'upcoming'];
const BROWSE_ORDER = ['popularity', 'score', 'start_date', 'title'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf(value: string | undefined, allowed: readonly string[]): string | undefined {
  const normalised = value?.trim().toLowerCase();
  return normalised && allowed.includes(normalised) ? normalised : undefined;
}

export interface SeasonArchiveParams {
  year: number;
  season: ArchiveSeason;
  page?: number;
  limit?: number;
  /** An entry type; unset lists every type, as MyAnimeList's season page does. */
  filter?: string;
}

/**
 * GET /seasons/{year}/{season}: one page of what aired that season. When the database cannot
 * answer, the offline catalogue lists what premiered then (it knows air dates and titles).
 */
export async function getSeasonArchive(
  params: SeasonArchiveParams,
  access: ContentAccess,
): Promise<AnimePage> {
  const query = {
    page: pageNumber(params.page),
    limit: pageSize(params.limit, PAGE_SIZE.max),
    filter: oneOf(params.filter, SEASON_FILTERS),
  };
  const { year, season } = params;
  return listing(`season ${year} ${season}`, `/seasons/${year}/${season}`, query, access, () => {
    const result = catalogueSeason({
      season: { year, season },
      type: query.filter,
      page: query.page,
      limit: query.limit,
    });
    if (!result?.items.length) return null;
    return {
      data: result.items,
      pagination: { page: query.page, hasNextPage: result.hasNextPage },
      offline: true,
      season: { year, season },
    };
  });
}

export interface BrowseAnimeParams {
  page?: number;
  limit?: number;
  /** Comma-separated MyAnimeList genre ids every result has. */
  genres?: string;
  /** Comma-separated genre ids no result has. */
  exclude?: string;
  type?: string;
  status?: string;
  /** 'YYYY-MM-DD': aired from this date (the database's start_date). */
  startDate?: string;
  /** 'YYYY-MM-DD': aired until this date (the database's end_date). */
  endDate?: string;
  minScore?: number;
  /** popularity (default), score, start_date or title. */
  orderBy?: string;
}

const ORDER_DIRECTION: Record<string, 'asc' | 'desc'> = {
  popularity: 'asc',
  score: 'desc',
  start_date: 'desc',
  title: 'asc',
};

/**
 * GET /anime with filters and no text: the catalogue browsed by genre, format, status, dates and
 * score. Values outside the database's enums are dropped rather than spent on a 400. There is no
 * offline answer: the catalogue knows no genres or scores, and a listing that ignored the filters
 * would look like their result.
 */
export async function browseAnime(params: BrowseAnimeParams, access: ContentAccess): Promise<AnimePage> {
  const orderBy = oneOf(params.orderBy, BROWSE_ORDER) ?? 'popularity';
  const minScore =
    params.minScore !== undefined &&
    Number.isInteger(params.minScore) &&
    params.minScore >= 1 &&
    params.minScore <= 9
      ? params.minScore
      : undefined;
  return listing(
    'browse',
    '/anime',
    {
      genres: genreIds(params.genres),
      genres_exclude: genreIds(params.exclude),
      type: oneOf(params.type, BROWSE_TYPES),
      status: oneOf(params.status, BROWSE_STATUSES),
      start_date: params.startDate && DATE.test(params.startDate) ? params.startDate : undefined,
      end_date: params.endDate && DATE.test(params.endDate) ? params.endDate : undefined,
      min_score: minScore,
      order_by: orderBy,
      sort: ORDER_DIRECTION[orderBy],
      page: pageNumber(params.page),
      limit: pageSize(params.limit, PAGE_SIZE.max),
    },
    access,
  );
}

const genresSchema = z.object({
  data: z.array(
    z.object({ mal_id: z.number().nullish(), name: z.string().nullish(), count: z.number().nullish() }),
  ),
});

export interface AnimeGenre {
  id: number;
  /** MyAnimeList's English name (the key of the Labels.genre dictionary). */
  name: string;
  count: number | null;
}

/**
 * GET /genres/anime: every genre, theme and demographic with its id, by name. One call serves every
 * browse page for days (the shared cache keeps it as long as an anime's extras). Throws AppError
 * when the database cannot answer and nothing was kept: the form then offers no genre filter.
 */
export async function getAnimeGenres(): Promise<AnimeGenre[]> {
  return jikanGet({
    path: '/genres/anime',
    schema: genresSchema,
    map: (response) => {
      const seen = new Set<number>();
      const genres: AnimeGenre[] = [];
      for (const genre of response.data) {
        const id = genre.mal_id;
        const name = genre.name?.trim();
        if (!id || !Number.isSafeInteger(id) || id < 1 || !name || seen.has(id)) continue;
        seen.add(id);
        genres.push({ id, name, count: genre.count ?? null });
      }
      return genres.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    },
  });
}

/** The genre list, or null when it cannot be had now (the page then says so). */
export async function loadAnimeGenres(): Promise<AnimeGenre[] | null> {
  try {
    return await getAnimeGenres();
  } catch (error) {
    log.info({ err: error }, 'genres failed');
    if (!isAppError(error)) throw new AppError('INTERNAL', undefined, { cause: error });
    return null;
  }
}

import type { AnimeStatus } from '@/lib/jikan/types';
import type { CatalogueType } from './convert.mjs';

/**
 * Air dates → season, year and status. Catalogue dates are 'YYYY-MM-DD' in Japan (convert.mjs),
 * and "today" is taken in Japan too, so a show premiering at 00:30 JST counts on its own date.
 * Seasons follow MyAnimeList: winter is January–March, spring April–June, summer July–September,
 * fall October–December.
 */

export type SeasonName = 'winter' | 'spring' | 'summer' | 'fall';

export interface Season {
  season: SeasonName;
  year: number;
}

const SEASONS: readonly SeasonName[] = ['winter', 'spring', 'summer', 'fall'];
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * With no end date, a TV or web series counts as airing this long after its premiere: a cour is
 * about 13 weeks, so a show begun less than 4 months ago is most likely still on air. Past that,
 * bangumi-data simply has not recorded its end, and its status is unknown (null), not a guess.
 */
export const UNDATED_AIRING_DAYS = 120;

/** The calendar date in Japan at `now`, 'YYYY-MM-DD'. */
export function japanDate(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

function parts(date: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The season a date falls in, or null for an empty or unreadable date. */
export function seasonOf(date: string): Season | null {
  const parsed = parts(date);
  if (!parsed || parsed.month < 1 || parsed.month > 12) return null;
  return { season: SEASONS[Math.floor((parsed.month - 1) / 3)] ?? 'winter', year: parsed.year };
}

/** A season's first day and the first day after it, as 'YYYY-MM-DD' (end exclusive). */
export function seasonRange({ season, year }: Season): { from: string; until: string } {
  const index = SEASONS.indexOf(season);
  const from = `${year}-${String(index * 3 + 1).padStart(2, '0')}-01`;
  const until = index === 3 ? `${year + 1}-01-01` : `${year}-${String(index * 3 + 4).padStart(2, '0')}-01`;
  return { from, until };
}

/** Seasons in time order: negative when `a` comes first. */
export function compareSeasons(a: Season, b: Season): number {
  return a.year - b.year || SEASONS.indexOf(a.season) - SEASONS.indexOf(b.season);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Jikan's status words for a record on `today` ('YYYY-MM-DD' in Japan), or null when the dates
 * cannot tell. A movie has aired once it has premiered (bangumi-data's end means nothing for it);
 * an end date on or after today means still airing.
 */
export function statusOn(
  record: { type: CatalogueType; begin: string; end: string },
  today: string,
): AnimeStatus | null {
  if (!parts(record.begin)) return null;
  if (record.begin > today) return 'Not yet aired';
  if (record.type === 'movie') return 'Finished Airing';
  if (parts(record.end)) return record.end < today ? 'Finished Airing' : 'Currently Airing';
  if (record.type === 'ova') return null;
  return daysBetween(record.begin, today) <= UNDATED_AIRING_DAYS ? 'Currently Airing' : null;
}

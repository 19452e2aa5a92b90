import 'server-only';
import { AppError, isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { jikanGet } from './client';
import { filterAnimeList, type ContentAccess } from './filter';
import { toAnimeList, toBroadcast } from './mappers';
import { jikanAnimeListResponseSchema, parseAnimeItems, type JikanAnimeListResponse } from './schemas';
import type { Anime, BroadcastSlot } from './types';

const log = serverLog('jikan');

/**
 * The week's airing schedule: GET /schedules?filter={weekday}, one call per weekday. Jikan groups
 * by the broadcast's own (Japanese) weekday; the visitor's browser regroups by its own zone.
 */

/** Jikan's weekday filters, Sunday first to match Date#getDay (0 = Sunday). */
export const SCHEDULE_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];

/**
 * One page of Jikan's maximum: a weekday airs about 10–20 shows, so one call covers it. A busier
 * day is cut at 25, the most-followed first (Jikan's order), and says so (`more`).
 */
const SCHEDULE_LIMIT = 25;

/** A listing item with the slot the schedule places it by. */
export interface ScheduledAnime extends Anime {
  broadcast: BroadcastSlot;
}

export type ScheduleDayResult =
  { status: 'loaded'; items: ScheduledAnime[]; more: boolean } | { status: 'failed'; error: AppError };

interface CachedDay {
  items: ScheduledAnime[];
  more: boolean;
}

function toScheduleDay(response: JikanAnimeListResponse): CachedDay {
  const { records, dropped } = parseAnimeItems(response.data);
  if (dropped) log.warn({ dropped }, 'dropped malformed records from a schedule day');
  const approved = records.filter((raw) => raw.approved !== false);
  const listed = toAnimeList(approved);
  const items: ScheduledAnime[] = [];
  approved.forEach((raw, index) => {
    const broadcast = toBroadcast(raw);
    const anime = listed[index];
    // A record without a readable slot cannot be placed in anyone's week.
    if (broadcast && anime) items.push({ ...anime, broadcast });
  });
  return { items, more: response.pagination?.has_next_page === true };
}

/**
 * One weekday of the schedule as `access` may see it (adult titles only for verified adults, as in
 * every listing). Never throws for upstream trouble: a failure is a result, so one bad day does not
 * take the other six down with it.
 */
export async function getScheduleDay(day: ScheduleDay, access: ContentAccess): Promise<ScheduleDayResult> {
  try {
    const cached = await jikanGet({
      path: '/schedules',
      params: { filter: day, page: 1, limit: SCHEDULE_LIMIT },
      schema: jikanAnimeListResponseSchema,
      map: toScheduleDay,
    });
    return { status: 'loaded', items: filterAnimeList(cached.items, access), more: cached.more };
  } catch (error) {
    log.info({ day, err: error }, 'schedule day failed');
    return {
      status: 'failed',
      error: isAppError(error) ? error : new AppError('INTERNAL', undefined, { cause: error }),
    };
  }
}

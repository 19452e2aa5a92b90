import 'server-only';
import { VISITOR_ACCESS } from '@/lib/discovery/listings';
import { SCHEDULE_DAYS, getScheduleDay } from '@/lib/jikan/schedule';
import { failedListing, rememberGoodListing } from '@/lib/server/render-cache';
import type { ScheduleEntry } from './week';

export type ScheduleWeekResult = { status: 'loaded'; entries: ScheduleEntry[]; partial: boolean } | { status: 'failed' };

/**
 * The week as the schedule page renders it for an anonymous visitor: seven weekday pages, one
 * Jikan call each at most (lib/jikan's cache answers the rest). A failed day follows the render
 * cache rules (lib/server/render-cache.ts): the last good page stays, or this render is kept
 * briefly; the days that loaded still show, with a note that some could not.
 */
export async function loadScheduleWeek(): Promise<ScheduleWeekResult> {
  const days = await Promise.all(SCHEDULE_DAYS.map((day) => getScheduleDay(day, VISITOR_ACCESS)));
  const entries: ScheduleEntry[] = [];
  let failed = 0;
  for (const [index, result] of days.entries()) {
    const key = `schedule:${SCHEDULE_DAYS[index]}`;
    if (result.status === 'failed') {
      failed += 1;
      await failedListing(key);
      continue;
    }
    rememberGoodListing(key);
    for (const anime of result.items) {
      entries.push({
        id: anime.id,
        title: anime.title,
        titleEnglish: anime.titleEnglish,
        image: anime.images.small ?? anime.images.cover,
        type: anime.type,
        episodes: anime.episodes,
        broadcast: anime.broadcast,
      });
    }
  }
  if (failed === days.length) return { status: 'failed' };
  return { status: 'loaded', entries, partial: failed > 0 };
}

import type { BroadcastSlot } from '@/lib/jikan/types';
import { localSlot, zonedParts } from './airing';

/** What the schedule shows of one airing anime (plain data, from the server's cached render). */
export interface ScheduleEntry {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  image: string | null;
  type: string | null;
  episodes: number | null;
  broadcast: BroadcastSlot;
}

/** Where the visitor is: their zone and now. Null while the server's (broadcast-time) HTML shows. */
export interface Placement {
  zone: string;
  now: number;
}

export interface ScheduleDayView {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  today: boolean;
  items: { entry: ScheduleEntry; minutes: number }[];
}

/** Monday first, as Jikan's week and the ISO week run. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

function slotMinutes(slot: BroadcastSlot): number {
  const [hour = 0, minute = 0] = slot.time.split(':').map(Number);
  return hour * 60 + minute;
}

/**
 * The week in seven days, Monday first, each day's anime by time. Without a placement, in each
 * slot's own zone (the broadcast's week: what the server renders); with one, moved to the
 * visitor's weekday and time, with their today marked.
 */
export function groupWeek(entries: readonly ScheduleEntry[], placement: Placement | null): ScheduleDayView[] {
  const byDay = new Map<number, ScheduleDayView['items']>(WEEK_ORDER.map((day) => [day, []]));
  for (const entry of entries) {
    const where = placement
      ? localSlot(entry.broadcast, placement.now, placement.zone)
      : { weekday: entry.broadcast.day, minutes: slotMinutes(entry.broadcast) };
    byDay.get(where.weekday)?.push({ entry, minutes: where.minutes });
  }
  const today = placement ? zonedParts(placement.now, placement.zone).weekday : null;
  return WEEK_ORDER.map((weekday) => ({
    weekday,
    today: weekday === today,
    items: (byDay.get(weekday) ?? []).sort(
      (a, b) => a.minutes - b.minutes || (a.entry.title ?? '').localeCompare(b.entry.title ?? ''),
    ),
  }));
}

/** "00:05" / "12:05 AM": a time of day in the interface's language, written the same on server and client. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

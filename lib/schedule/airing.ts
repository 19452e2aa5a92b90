import type { BroadcastSlot } from '@/lib/jikan/types';

/**
 * Weekly broadcast slots as instants, and instants as a visitor's weekday and time. Pure and free
 * of server code: the schedule page, the countdowns and the new-episode alerts all run it in the
 * browser, in the visitor's own zone. Zones come from the platform's Intl data, so daylight saving
 * (the visitor's, or a slot's own) is whatever the zone's rules say on that date, never a fixed
 * offset.
 */

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
const WEEK_DAYS = 7;

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the platform knows `timeZone` (an IANA name such as "Asia/Tokyo"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time of the instant `ms` in `timeZone`. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return {
    year,
    month,
    day,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const wholeMinute = ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - wholeMinute;
}

/** The instants whose wall clock in `timeZone` reads `asUtc` (a wall time written as UTC), earliest first. */
function instantsOf(asUtc: number, timeZone: string): number[] {
  // The offsets in force a day either side cover any single clock change near the wall time.
  const offsets = new Set([
    offsetAt(asUtc - DAY_MS, timeZone),
    offsetAt(asUtc, timeZone),
    offsetAt(asUtc + DAY_MS, timeZone),
  ]);
  return [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => offsetAt(instant, timeZone) === asUtc - instant)
    .sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time in `timeZone` names. `day` may overflow the month (Date.UTC
 * normalises it). A time skipped by a clock change moves forward as the clock did (02:30 on New
 * York's spring-forward night is 03:30 EDT); a time that happens twice (autumn) is always its first
 * occurrence.
 */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const [first] = instantsOf(asUtc, timeZone);
  if (first !== undefined) return first;
  // In a gap: read with the offset in force before the change, the instant lies after it, at the
  // same distance past the change as the wall time is past the skipped hour's start.
  return asUtc - offsetAt(asUtc - DAY_MS, timeZone);
}

function dateKey(parts: { year: number; month: number; day: number }): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day);
}

/**
 * The first instant of a calendar date in `timeZone`: its midnight, or, when a clock change skips
 * midnight (São Paulo on 2018-11-04), the change itself.
 */
export function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const date = Date.UTC(year, month - 1, day);
  const [midnight] = instantsOf(date, timeZone);
  if (midnight !== undefined) return midnight;
  // Midnight was skipped: search the change, which lies within the day before the moved-forward time.
  let after = zonedTime(year, month, day, 0, 0, timeZone);
  let before = after - DAY_MS;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.max(1, Math.floor((after - before) / 2 / MINUTE_MS)) * MINUTE_MS;
    if (dateKey(zonedParts(middle, timeZone)) >= date) after = middle;
    else before = middle;
  }
  return after;
}

function slotClock(slot: BroadcastSlot): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = slot.time.split(':').map(Number);
  return { hour, minute };
}

/** The slot's airing on the calendar date (year, month, day + offset) of its own zone. */
function airingOnDate(
  slot: BroadcastSlot,
  date: { year: number; month: number; day: number },
  offsetDays: number,
) {
  const { hour, minute } = slotClock(slot);
  return zonedTime(date.year, date.month, date.day + offsetDays, hour, minute, slot.timezone);
}

/** The earliest airing of the slot at or after `from`. */
export function airingOnOrAfter(slot: BroadcastSlot, from: number): number {
  const today = zonedParts(from, slot.timezone);
  const ahead = (slot.day - today.weekday + WEEK_DAYS) % WEEK_DAYS;
  const candidate = airingOnDate(slot, today, ahead);
  return candidate >= from ? candidate : airingOnDate(slot, today, ahead + WEEK_DAYS);
}

/** The latest airing of the slot at or before `until`. */
export function airingOnOrBefore(slot: BroadcastSlot, until: number): number {
  const next = airingOnOrAfter(slot, until);
  if (next === until) return next;
  return weeksFrom(slot, next, -1);
}

/** The airing `weeks` weeks from the airing `at` (same wall-clock time in the slot's zone). */
function weeksFrom(slot: BroadcastSlot, at: number, weeks: number): number {
  return airingOnDate(slot, zonedParts(at, slot.timezone), weeks * WEEK_DAYS);
}

/** Whole calendar days between two instants' dates in `timeZone`. */
function calendarDays(from: number, to: number, timeZone: string): number {
  const a = zonedParts(from, timeZone);
  const b = zonedParts(to, timeZone);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** The first episode's airing: the first slot on or after the start date, when that is known. */
export function firstAiring(slot: BroadcastSlot): number | null {
  const match = slot.startDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(slot.startDate) : null;
  if (!match) return null;
  return airingOnOrAfter(
    slot,
    startOfDay(Number(match[1]), Number(match[2]), Number(match[3]), slot.timezone),
  );
}

/** Which episode the airing `at` is (1 = the first), or null when the start date is unknown. */
export function episodeNumberAt(slot: BroadcastSlot, at: number): number | null {
  const first = firstAiring(slot);
  if (first === null) return null;
  return Math.floor(calendarDays(first, at, slot.timezone) / WEEK_DAYS) + 1;
}

/** Whether an airing at `at` is one of the show's episodes: not before it starts, not past its total. */
function isEpisode(slot: BroadcastSlot, episodes: number | null, at: number): boolean {
  const number = episodeNumberAt(slot, at);
  if (number === null) return true;
  return number >= 1 && (episodes === null || number <= episodes);
}

/**
 * When the next episode airs after `now`: the first airing while the show has not started, else
 * the next slot; null once the known episode total has aired (the show is over even if the record
 * still says airing).
 */
export function nextEpisodeAt(slot: BroadcastSlot, episodes: number | null, now: number): number | null {
  const first = firstAiring(slot);
  if (first !== null && first > now) return first;
  const next = airingOnOrAfter(slot, now + 1);
  return isEpisode(slot, episodes, next) ? next : null;
}

/**
 * The episodes that aired after `since` and up to `until`, oldest first, at most the latest `max`.
 */
export function airingsBetween(
  slot: BroadcastSlot,
  episodes: number | null,
  since: number,
  until: number,
  max: number,
): number[] {
  const found: number[] = [];
  let at = airingOnOrBefore(slot, until);
  while (at > since && found.length < max) {
    if (isEpisode(slot, episodes, at)) found.push(at);
    else if ((episodeNumberAt(slot, at) ?? 1) < 1) break;
    at = weeksFrom(slot, at, -1);
  }
  return found.reverse();
}

/** Where a slot falls in a visitor's week: their weekday and wall-clock time, and the instant. */
export interface LocalSlot {
  /** 0 = Sunday … 6 = Saturday, in the visitor's zone. */
  weekday: number;
  /** Minutes after the visitor's midnight. */
  minutes: number;
  at: number;
}

/**
 * The slot in `viewerZone`, read from its airing in the visitor's coming week (from the start of
 * their today), so a clock change of either zone within the week moves it as it really will.
 */
export function localSlot(slot: BroadcastSlot, now: number, viewerZone: string): LocalSlot {
  const today = zonedParts(now, viewerZone);
  const startOfToday = startOfDay(today.year, today.month, today.day, viewerZone);
  const at = airingOnOrAfter(slot, startOfToday);
  const local = zonedParts(at, viewerZone);
  return { weekday: local.weekday, minutes: local.hour * 60 + local.minute, at };
}

/** A span as whole days, hours and minutes, rounded up to the minute (never "0 min" before it airs). */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / MINUTE_MS));
  return {
    days: Math.floor(total / (24 * 60)),
    hours: Math.floor((total % (24 * 60)) / 60),
    minutes: total % 60,
  };
}

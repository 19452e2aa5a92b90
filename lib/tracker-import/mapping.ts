import type { ListType } from '@/lib/stores/lists-store';
import { MAX_OPINION_LENGTH } from '@/lib/stores/opinion';
import { cleanOpinion } from '@/lib/utils/visible-text';

/**
 * What every tracker import (MyAnimeList's file, AniList, Kitsu) maps the same way: a score on the
 * tracker's scale to our 1–5 stars, a progress to an episode count, notes to an opinion, and a
 * partial date to YYYY-MM-DD. Pure, so the server's clients and the browser share it.
 */

/** The top of each scale a tracker scores on (AniList's five formats, Kitsu's ratingTwenty, MAL's 10). */
export const SCORE_SCALES = {
  POINT_100: 100,
  POINT_10_DECIMAL: 10,
  POINT_10: 10,
  POINT_5: 5,
  POINT_3: 3,
  RATING_TWENTY: 20,
  MAL: 10,
} as const;
export type ScoreScale = keyof typeof SCORE_SCALES;

/**
 * Stars = ceil(5 × score / top of the scale), between 1 and 5; 0, a missing or a negative score is
 * no rating. So 1–20 of 100 is one star and 81–100 five; MAL's 7 and 8 are both 4 stars; Kitsu's
 * ratingTwenty 17–20 is 5 stars; AniList's smileys (POINT_3) are 2, 4 and 5 stars.
 */
export function starsFromScore(score: number | null | undefined, scale: ScoreScale): number {
  if (typeof score !== 'number' || !Number.isFinite(score) || score <= 0) return 0;
  const top = SCORE_SCALES[scale];
  // Integer arithmetic first: 80 × 5 / 100 is exactly 4, where 0.8 × 5 might not be.
  return Math.min(5, Math.max(1, Math.ceil((Math.min(score, top) * 5) / top - 1e-9)));
}

/** Episodes watched: a whole number from 0, at most the total when the total is known. */
export function episodeProgress(
  progress: number | null | undefined,
  episodes: number | null | undefined,
): number {
  const whole =
    typeof progress === 'number' && Number.isFinite(progress) && progress > 0 ? Math.floor(progress) : 0;
  return typeof episodes === 'number' && Number.isInteger(episodes) && episodes > 0
    ? Math.min(whole, episodes)
    : whole;
}

/** A tracker's notes as an opinion the rating form would accept (cleaned, at most its length). */
export function opinionFromNotes(notes: string | null | undefined): string {
  return typeof notes === 'string' ? cleanOpinion(notes).slice(0, MAX_OPINION_LENGTH).trim() : '';
}

/** A whole positive count (episodes), or null. */
export function positiveCount(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 100_000 ? value : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date known to the day, month or year as YYYY-MM-DD (a missing day or month is the first, as
 * the MyAnimeList import reads `2019-06-00`); null without a plausible year.
 */
export function partialDate(
  year: number | null | undefined,
  month?: number | null,
  day?: number | null,
): string | null {
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 1900 || year > 2999) return null;
  const m = typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1;
  const d = typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 31 ? day : 1;
  const text = `${year}-${pad(m)}-${pad(d)}`;
  const parsed = new Date(`${text}T00:00:00Z`);
  return parsed.getUTCMonth() + 1 === m ? text : `${year}-${pad(m)}-01`;
}

/** The day part of an ISO timestamp or date, or null. */
export function isoDay(value: string | null | undefined): string | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? partialDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** An ISO timestamp from seconds since the epoch (AniList) or an ISO string (Kitsu); else null. */
export function isoInstant(value: number | string | null | undefined): string | null {
  const time =
    typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) && time > 0 ? new Date(time).toISOString() : null;
}

/** AniList's MediaListStatus: CURRENT and REPEATING are both being watched. */
const ANILIST_STATUS: Record<string, ListType> = {
  CURRENT: 'WATCHING',
  REPEATING: 'WATCHING',
  COMPLETED: 'COMPLETED',
  PLANNING: 'PLAN_TO_WATCH',
  DROPPED: 'DROPPED',
  PAUSED: 'ON_HOLD',
};

/** Kitsu's library-entry status (a rewatch is `current` with `reconsuming: true`). */
const KITSU_STATUS: Record<string, ListType> = {
  current: 'WATCHING',
  completed: 'COMPLETED',
  planned: 'PLAN_TO_WATCH',
  dropped: 'DROPPED',
  on_hold: 'ON_HOLD',
};

export function anilistStatusToList(status: string | null | undefined): ListType | null {
  return (status && Object.hasOwn(ANILIST_STATUS, status) ? ANILIST_STATUS[status] : null) ?? null;
}

export function kitsuStatusToList(status: string | null | undefined): ListType | null {
  return (status && Object.hasOwn(KITSU_STATUS, status) ? KITSU_STATUS[status] : null) ?? null;
}

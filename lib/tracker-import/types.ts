import type { ListType } from '@/lib/stores/lists-store';

/** The trackers a fan can bring a list from by user name. */
export const TRACKERS = ['anilist', 'kitsu'] as const;
export type Tracker = (typeof TRACKERS)[number];

export function isTracker(value: unknown): value is Tracker {
  return typeof value === 'string' && (TRACKERS as readonly string[]).includes(value);
}

/** A user name as typed: trimmed, 1–50 characters (both services' names are shorter). */
export const MAX_USER_NAME_LENGTH = 50;

/** Entries asked per page of a list (AniList's largest chunk and Kitsu's largest page). */
export const TRACKER_PAGE_SIZE = 500;

/**
 * One entry of a tracker's list, mapped to our terms (app/api/import answers pages of these).
 * `id` is the MyAnimeList id, our anime id; null when the tracker knows none (left out).
 */
export interface TrackerEntry {
  id: number | null;
  /** The tracker's title; null for an adult title shown to a caller without adult access. */
  title: string | null;
  list: ListType | null;
  /** Stars 1–5, or 0 for no rating. */
  rating: number;
  opinion: string;
  progress: number;
  episodes: number | null;
  type: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** When the fan last changed the entry on the tracker (ISO), when known. */
  updatedAt: string | null;
  adult: boolean;
}

export interface TrackerPage {
  /** The user's name as the tracker spells it. */
  user: string;
  entries: TrackerEntry[];
  /** Entries of the whole list, when the tracker says (for the progress bar). */
  total: number | null;
  /** The cursor of the next page, or null on the last. */
  next: string | null;
}

/** What a route answers when the list cannot be had; the browser shows each in pt and en. */
export type TrackerFailure =
  'unknown-user' | 'private' | 'limited' | 'down' | 'malformed' | 'invalid-name' | 'offline' | 'storage';

import { z } from 'zod';
import { MAX_ANIME_ID } from '@/lib/jikan/types';
import { sanitizeSnapshot, type AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { LIST_TYPES, sanitizeDate, type ListType } from '@/lib/stores/lists-store';
import { PREFERENCE_KEYS, type NotificationPreferences } from '@/lib/stores/notifications-store';
import { MAX_OPINION_LENGTH, MAX_RATING } from '@/lib/stores/ratings-store';
import { HLC_PATTERN, parseHlc } from './hlc';

/**
 * What devices and the server exchange about a signed-in user's library (app/api/library).
 *
 * An entry is one rating, one anime's list entry, one suggestion dismissed ('Não tenho interesse'
 * in 'Para você'), or the notification preferences; each change
 * carries the hybrid-logical-clock stamp of when it was made (hlc.ts) and the server keeps, per
 * entry, the change with the latest stamp. A removal is a change too (`deleted`, no data), kept as
 * a tombstone. The server also gives every change it keeps a per-user version, which is the
 * cursor of pulls ("everything after version N").
 */

export const ENTRY_KINDS = ['rating', 'list', 'dismissal', 'prefs'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
/** The one key of the `prefs` kind. */
export const PREFS_KEY = 'notifications';

export interface RatingData {
  rating: number;
  opinion: string;
  ratedAt: string | null;
  snapshot: AnimeSnapshot | null;
}

export interface ListData {
  list: ListType;
  progress: number;
  startedAt: string | null;
  finishedAt: string | null;
  snapshot: AnimeSnapshot | null;
}

/** A suggestion the fan dismissed, keyed by its anime id; undoing it is a removal. */
export interface DismissalData {
  /** ISO time of the dismissal. */
  at: string;
}

export type PrefsData = NotificationPreferences;

export type EntryData = RatingData | ListData | DismissalData | PrefsData;

export interface Change {
  kind: EntryKind;
  key: string;
  hlc: string;
  deleted: boolean;
  data: EntryData | null;
}

export interface RemoteEntry extends Change {
  version: number;
}

export interface PushBody {
  /** The epoch the device last saw, null on its first sync for this user. */
  epoch: string | null;
  changes: Change[];
}

/**
 * `generation` names the server's copy of the database itself: it changes when the server's data
 * goes back in time (a restored snapshot, a folder moved aside and started empty). A device that
 * sees a generation other than the one it last synced with sends again everything it holds, so
 * that as long as one device holds a change, it is not lost. Absent from older servers.
 */
export interface PushAnswer {
  epoch: string;
  /** Omitted by older servers. */
  generation?: string;
  /** The user's latest version after the push. */
  version: number;
  /** Changes kept; the others were older than what the server holds (or replays). */
  applied: number;
  serverTime: number;
}

export interface PullAnswer {
  epoch: string;
  /** See PushAnswer.generation. */
  generation?: string;
  /** The cursor to ask from next time. */
  version: number;
  entries: RemoteEntry[];
  /** More entries after `version`: ask again. */
  more: boolean;
  serverTime: number;
}

/** Bounds of one push (the client splits bigger batches). */
export const MAX_PUSH_BYTES = 2 * 1024 * 1024;
export const MAX_PUSH_CHANGES = 1000;
/** Entries in one pull answer. */
export const PULL_PAGE_SIZE = 2000;
/** Live entries (not removals) one user's synced library may hold; a push past it is refused whole. */
export const MAX_LIBRARY_ENTRIES = 50_000;
/** The error code (and 422 status) of a push refused by MAX_LIBRARY_ENTRIES. */
export const LIBRARY_FULL = 'LIBRARY_FULL';
/** A removal's tombstone is kept this long, then compacted (docs/decisions/library-compaction.md). */
export const TOMBSTONE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * A device whose last complete sync is older than this pulls the whole library again and drops
 * what the server no longer holds: removals it may have missed were compacted. Well inside the
 * tombstones' lifetime, so that a device clock a few days off changes nothing.
 */
export const RESYNC_AFTER_MS = 60 * 24 * 60 * 60 * 1000;
/** A change stamped further ahead of the server's clock than this is refused (CLOCK_AHEAD). */
export const MAX_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;
/**
 * The error code (400, with the server's `serverTime`) of a push holding a stamp past
 * MAX_CLOCK_AHEAD_MS: the device stamps those changes again with the server's time and resends.
 */
export const CLOCK_AHEAD = 'CLOCK_AHEAD';
/**
 * Before each push, a device stamps again the pending changes stamped further ahead of the
 * server-corrected time than this (its clock was wrong when they were made).
 */
export const CLOCK_TOLERANCE_MS = 60_000;

export function entryId(kind: EntryKind, key: string): string {
  return `${kind}:${key}`;
}

const isoDate = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'a date');
const text = z.string().max(500).nullable();

const snapshotSchema = z
  .object({
    title: text,
    titleEnglish: text,
    image: text,
    type: text,
    episodes: z.number().int().min(0).max(99_999).nullable(),
    score: z.number().min(0).max(10).nullable(),
    genres: z.array(z.string().max(100)).max(20).optional(),
    // The weekly slot of an airing show (lib/stores/anime-snapshot.ts): without it here, every
    // rating or list entry of an airing show taken from its detail page was refused.
    broadcast: z
      .object({
        day: z.number().int().min(0).max(6),
        time: z.string().regex(/^\d{2}:\d{2}$/),
        timezone: z.string().max(64),
        startDate: z.string().max(10).nullable(),
      })
      .strict()
      .optional(),
    takenAt: isoDate,
  })
  .strict()
  .nullable();

const dayDate = z
  .string()
  .nullable()
  .refine((value) => value === null || sanitizeDate(value) !== null, 'a YYYY-MM-DD date');

const ratingSchema = z
  .object({
    rating: z.number().int().min(0).max(MAX_RATING),
    opinion: z.string().max(MAX_OPINION_LENGTH),
    ratedAt: isoDate.nullable(),
    snapshot: snapshotSchema,
  })
  .strict();

const listSchema = z
  .object({
    list: z.enum(LIST_TYPES),
    progress: z.number().int().min(0).max(99_999),
    startedAt: dayDate,
    finishedAt: dayDate,
    snapshot: snapshotSchema,
  })
  .strict();

const dismissalSchema = z.object({ at: isoDate }).strict();

const prefsSchema = z.object(Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, z.boolean()]))).strict();

const animeKey = z
  .string()
  .regex(/^[1-9]\d{0,6}$/, 'an anime id')
  .refine((key) => Number(key) <= MAX_ANIME_ID, 'an anime id');

const changeSchema = z
  .object({
    kind: z.enum(ENTRY_KINDS),
    key: z.string().max(16),
    hlc: z.string().regex(HLC_PATTERN, 'a clock stamp'),
    deleted: z.boolean(),
    data: z.unknown(),
  })
  .strict()
  .superRefine((change, ctx) => {
    const keyOk = change.kind === 'prefs' ? change.key === PREFS_KEY : animeKey.safeParse(change.key).success;
    if (!keyOk) ctx.addIssue({ code: 'custom', path: ['key'], message: 'not a key of this kind' });
    if (change.deleted) {
      if (change.data !== null) ctx.addIssue({ code: 'custom', path: ['data'], message: 'must be null' });
      return;
    }
    const schema =
      change.kind === 'rating'
        ? ratingSchema
        : change.kind === 'list'
          ? listSchema
          : change.kind === 'dismissal'
            ? dismissalSchema
            : prefsSchema;
    const parsed = schema.safeParse(change.data);
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['data', ...issue.path.map(String)], message: issue.message });
    }
  });

const pushSchema = z
  .object({
    epoch: z.string().max(64).nullable(),
    changes: z.array(changeSchema).max(MAX_PUSH_CHANGES),
  })
  .strict();

export type PushValidation =
  { ok: true; body: PushBody } | { ok: false; message: string; code?: typeof CLOCK_AHEAD };

/**
 * A parsed push body as a valid one, or the first reasons it is not. Objects are strict: an
 * unknown field (a `userId`, a `__proto__` key) is refused, never ignored.
 */
export function validatePush(value: unknown, serverNow: number = Date.now()): PushValidation {
  if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { changes?: unknown }).changes) &&
    (value as { changes: unknown[] }).changes.length > MAX_PUSH_CHANGES
  ) {
    return { ok: false, message: `At most ${MAX_PUSH_CHANGES} changes per request.` };
  }
  const parsed = pushSchema.safeParse(value);
  if (!parsed.success) {
    const where = [
      ...new Set(
        parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
      ),
    ];
    return { ok: false, message: `Invalid library change: ${where.join('; ')}.` };
  }
  const body = parsed.data as PushBody;
  for (const change of body.changes) {
    if (parseHlc(change.hlc).wall > serverNow + MAX_CLOCK_AHEAD_MS) {
      return {
        ok: false,
        code: CLOCK_AHEAD,
        message: 'Invalid library change: clock stamp too far in the future.',
      };
    }
  }
  return { ok: true, body };
}

/** A rating's synced data from the stores' shapes, cleaned the way the stores clean it. */
export function sanitizeRemoteSnapshot(value: unknown): AnimeSnapshot | null {
  return sanitizeSnapshot(value);
}

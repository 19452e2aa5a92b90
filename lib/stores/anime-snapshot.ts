import { isGatedAnime } from '@/lib/jikan/gate';
import type { Anime, AnimeDetails, BroadcastSlot, GatedAnime } from '@/lib/jikan/types';

/**
 * A small copy of an anime's card data, kept with each list entry and rating when it is added, so
 * the list and ratings pages render at once with no upstream call. `takenAt` lets pages
 * refresh old copies in the background, a few at a time.
 */
export interface AnimeSnapshot {
  title: string | null;
  titleEnglish: string | null;
  image: string | null;
  type: string | null;
  episodes: number | null;
  score: number | null;
  /** Genre names (for Settings › Dados statistics); empty for copies taken before they were kept. */
  genres?: string[];
  /** The weekly slot while the show airs (Watching cards' countdown, new-episode alerts). */
  broadcast?: BroadcastSlot;
  /** ISO timestamp of when the copy was taken. */
  takenAt: string;
}

const MAX_TEXT = 500;
const MAX_GENRES = 20;

/** The snapshot of an app `Anime` (or `AnimeDetails`). */
export function snapshotFromAnime(anime: Anime | GatedAnime, now: Date = new Date()): AnimeSnapshot {
  // An adult record reaches a visitor without verified adult access as a gated stub (no cover).
  if (isGatedAnime(anime)) {
    return {
      title: anime.title,
      titleEnglish: anime.titleEnglish,
      image: null,
      type: null,
      episodes: null,
      score: null,
      takenAt: now.toISOString(),
    };
  }
  // Listing items carry no slot; the detail record does (AnimeDetails.broadcast).
  const broadcast = (anime as Partial<AnimeDetails>).broadcast;
  return {
    title: anime.title,
    titleEnglish: anime.titleEnglish,
    image: anime.images.cover ?? anime.images.small,
    type: anime.type,
    episodes: anime.episodes,
    score: anime.score,
    genres: anime.genres.slice(0, MAX_GENRES),
    ...(broadcast ? { broadcast } : {}),
    takenAt: now.toISOString(),
  };
}

/** A stored slot, only when every part of it can be placed (lib/schedule/airing reads it). */
function broadcastSlot(value: unknown): BroadcastSlot | null {
  if (typeof value !== 'object' || value === null) return null;
  const { day, time, timezone, startDate } = value as Record<string, unknown>;
  if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) return null;
  if (typeof time !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  if (typeof timezone !== 'string' || !/^[A-Za-z_+-]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(timezone)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    return null;
  }
  const start = typeof startDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? startDate : null;
  return { day, time, timezone, startDate: start };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100_000 ? value : null;
}

/** Only http(s) and site-relative images: a stored `javascript:` URL must never reach an <img>. */
function imageUrl(value: unknown): string | null {
  const url = text(value);
  if (!url) return null;
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//')) ? url : null;
}

/** Whatever is stored (or imported), as a valid snapshot, or null when it is not an object. */
export function sanitizeSnapshot(value: unknown): AnimeSnapshot | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const score = record.score;
  const takenAt =
    typeof record.takenAt === 'string' && !Number.isNaN(Date.parse(record.takenAt))
      ? record.takenAt
      : new Date(0).toISOString();
  const broadcast = broadcastSlot(record.broadcast);
  return {
    title: text(record.title),
    titleEnglish: text(record.titleEnglish),
    image: imageUrl(record.image),
    type: text(record.type),
    episodes: count(record.episodes),
    score: typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 10 ? score : null,
    // Snapshots from before genres were kept have none: leave the key out rather than invent [].
    ...(Array.isArray(record.genres)
      ? {
          genres: record.genres
            .filter(
              (genre): genre is string =>
                typeof genre === 'string' && genre.length > 0 && genre.length <= 100,
            )
            .slice(0, MAX_GENRES),
        }
      : {}),
    ...(broadcast ? { broadcast } : {}),
    takenAt,
  };
}

/** A snapshot older than this is refreshed in the background when a page shows it. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function isSnapshotStale(snapshot: AnimeSnapshot, now: number = Date.now()): boolean {
  const taken = Date.parse(snapshot.takenAt);
  return Number.isNaN(taken) || now - taken > SNAPSHOT_MAX_AGE_MS;
}

/** The stored id as a positive integer, or null (SPEC §5: ids become numbers). */
export function normalizeAnimeId(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  }
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
    const id = Number(value.trim());
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

/** A snapshot as the app's `Anime`, for components that render cards (fields it lacks are null). */
export function animeFromSnapshot(id: number, snapshot: AnimeSnapshot): Anime {
  return {
    id,
    title: snapshot.title,
    titleEnglish: snapshot.titleEnglish,
    titleJapanese: null,
    synopsis: null,
    status: null,
    type: snapshot.type,
    episodes: snapshot.episodes,
    year: null,
    score: snapshot.score,
    rating: null,
    popularity: null,
    images: { cover: snapshot.image, small: snapshot.image },
    genres: snapshot.genres ?? [],
  };
}

/**
 * Rules of a public profile's handle (/u/{handle}) and display name. A handle is 3–30 ASCII
 * letters, digits, `_` or `-`; anything else is refused, never rewritten, so a look-alike
 * (Cyrillic 'а', full-width 'ａ', a zero-width joiner) can never pose as another fan's handle.
 * Handles are unique without regard to case: `handleKey` is the form compared and stored uniquely.
 */

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const DISPLAY_NAME_MAX = 50;

const HANDLE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Words that name the app's own pages, roles or the app itself: never a fan's handle. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'anime',
  'anime-master',
  'animemaster',
  'api',
  'completed',
  'dropped',
  'explore',
  'help',
  'login',
  'logout',
  'me',
  'mod',
  'moderator',
  'my-ratings',
  'not-found',
  'null',
  'offline',
  'on-hold',
  'plan-to-watch',
  'profile',
  'review',
  'root',
  'schedule',
  'search',
  'settings',
  'staff',
  'support',
  'system',
  'test',
  'u',
  'unavailable',
  'undefined',
  'watching',
  'www',
]);

export type HandleProblem = 'length' | 'characters' | 'reserved';

/** Why `handle` cannot be a handle, or null when it can. */
export function handleProblem(handle: string): HandleProblem | null {
  if (handle.length > HANDLE_MAX) return 'length';
  if (!HANDLE_PATTERN.test(handle)) return handle.length === 0 ? 'length' : 'characters';
  if (handle.length < HANDLE_MIN) return 'length';
  if (RESERVED_HANDLES.has(handleKey(handle))) return 'reserved';
  return null;
}

/** The form handles are compared in: the same handle in any case is one handle. */
export function handleKey(handle: string): string {
  return handle.toLowerCase();
}

/**
 * The handle a /u/{segment} path names, or null when no handle could be spelt so (the page then
 * answers 404 without reading the database).
 */
export function handleFromSegment(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const problem = handleProblem(decoded);
  return problem === null || problem === 'reserved' ? decoded : null;
}

// Control characters, bidirectional overrides and isolates, zero-width characters, the BOM.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

export type DisplayNameProblem = 'length' | 'characters' | 'markup';

/**
 * Why `name` cannot be a display name, or null. Checked after trimming; a name is shown as text,
 * but one with markup or invisible characters is refused rather than silently changed.
 */
export function displayNameProblem(name: string): DisplayNameProblem | null {
  const trimmed = name.trim();
  if ([...trimmed].length > DISPLAY_NAME_MAX) return 'length';
  if (INVISIBLE.test(trimmed)) return 'characters';
  if (/[<>]/.test(trimmed)) return 'markup';
  return null;
}

/** The display name as kept: trimmed, runs of spaces made one, empty = none. */
export function cleanDisplayName(name: string | null): string | null {
  if (name === null) return null;
  const cleaned = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  return cleaned === '' ? null : cleaned;
}

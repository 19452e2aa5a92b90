import { LIST_STORAGE_KEYS, RATING_KEY_PREFIX } from './keys';

/**
 * What this device's storage holds for the home page's personal sections, read straight from
 * localStorage without the stores' code, so that a visitor who has rated nothing downloads none
 * of the code of sections they would not see (docs/decisions/first-visit-bytes.md).
 *
 * - `favorites`: a rating of 4 or 5 ('Meus Animes Favoritos' shows cards; else its empty state).
 * - `seeds`: something 'Para você' suggests from: a rating of 4 or 5, or an anime in the
 *   Completed or Watching list (lib/for-you/suggest.ts chooseSeeds).
 *
 * Unreadable storage and unreadable values count as nothing held, as the stores read them.
 */
export interface DeviceHolds {
  favorites: boolean;
  seeds: boolean;
}

/** The least rating that makes a favourite and a 'Para você' seed (SPEC §5). */
const STRONG_RATING = 4;

/** A stored rating's JSON (`{"rating":N,"opinion":"…"}`, N a number or one digit) is 4 or 5. */
export function isStrongRating(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return false;
    const rating = (value as { rating?: unknown }).rating;
    const stars = typeof rating === 'string' && /^\d$/.test(rating) ? Number(rating) : rating;
    return typeof stars === 'number' && Number.isInteger(stars) && stars >= STRONG_RATING && stars <= 5;
  } catch {
    return false;
  }
}

/** A stored list's JSON is an array with at least one entry. */
function isFilledList(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) && value.length > 0;
  } catch {
    return false;
  }
}

export function readDeviceHolds(storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null): DeviceHolds {
  if (!storage) return { favorites: false, seeds: false };
  let favorites = false;
  let listed = false;
  try {
    for (let index = 0; index < storage.length && !favorites; index++) {
      const key = storage.key(index);
      if (key?.startsWith(RATING_KEY_PREFIX) && isStrongRating(storage.getItem(key))) favorites = true;
    }
    listed =
      isFilledList(storage.getItem(LIST_STORAGE_KEYS.COMPLETED)) ||
      isFilledList(storage.getItem(LIST_STORAGE_KEYS.WATCHING));
  } catch {
    // Storage that cannot be read holds nothing the stores could show either.
  }
  return { favorites, seeds: favorites || listed };
}

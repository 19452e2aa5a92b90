import { browserStorage } from '@/lib/stores/local-storage';
import { DISMISSED_KEY, LIST_STORAGE_KEYS, RATING_KEY_PREFIX } from '@/lib/stores/keys';

/** Each account's sync state on this device: `anime-master-sync:{uid}` (ownership.ts). */
export const STATE_PREFIX = 'anime-master-sync:';
/** The account whose library the stores hold; absent = nobody's (ownership.ts). */
export const OWNER_KEY = 'anime-master-sync-owner';

function nonEmptyJson(raw: string | null, pick: (value: unknown) => unknown): boolean {
  if (raw === null) return false;
  try {
    const value = pick(JSON.parse(raw));
    if (Array.isArray(value)) return value.length > 0;
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
  } catch {
    // Unreadable: counted, so the engine's adopt step decides what it is.
    return true;
  }
}

/** The stores hold a visitor's ratings, list entries or dismissals (data to ask about). */
function holdsVisitorData(storage: Storage): boolean {
  for (let index = 0; index < storage.length; index++) {
    if (storage.key(index)?.startsWith(RATING_KEY_PREFIX)) return true;
  }
  if (Object.values(LIST_STORAGE_KEYS).some((key) => nonEmptyJson(storage.getItem(key), (value) => value)))
    return true;
  return nonEmptyJson(
    storage.getItem(DISMISSED_KEY),
    (value) => (value as { state?: { dismissed?: unknown } } | null)?.state?.dismissed,
  );
}

/**
 * The moment `uid` is known to be signed in (a sign-in, or a session restored on page load), a
 * device that holds nothing of anyone becomes that account's at once: what the fan rates or lists
 * from then on is the account's, never "data saved on this device without an account" that the
 * sync engine, loading a moment later, would ask to merge. A device holding a visitor's data,
 * another account's copy or this account's own sync state is left to the engine's adopt step
 * (engine.ts), which asks or restores. Answers whether the device was claimed.
 */
export function claimEmptyDevice(uid: string): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  try {
    if (storage.getItem(OWNER_KEY) !== null) return false;
    if (storage.getItem(STATE_PREFIX + uid) !== null) return false;
    if (holdsVisitorData(storage)) return false;
    storage.setItem(OWNER_KEY, uid);
    return true;
  } catch {
    // Blocked or full storage: the engine adopts as before.
    return false;
  }
}

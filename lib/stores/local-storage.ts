import { browserStorage } from './browser-storage';

/**
 * Safe access to the browser's localStorage for the personal-data stores (SPEC §3, §8).
 *
 * - `browserStorage()` answers null on the server and where storage access itself throws
 *   (some privacy modes), so reads fall back to defaults and never crash.
 * - `writeKeys()` applies several key changes as one: when any write fails (storage full, blocked)
 *   the keys already written are put back as they were, so a half-applied change never survives.
 *   The failure is answered, not thrown: 'quota' for QuotaExceededError, else 'unavailable'.
 */

export type StorageFailure = 'unavailable' | 'quota';
export type WriteResult = { ok: true } | { ok: false; reason: StorageFailure };

/** A key to set to a raw string, or to remove (null). */
export type KeyChange = readonly [key: string, raw: string | null];

export { browserStorage };

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  // Chrome/Safari name it QuotaExceededError; old Firefox NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return (
    error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22
  );
}

/** The raw string under `key`, null when absent or when storage cannot be read. */
export function readRaw(key: string): string | null {
  const storage = browserStorage();
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch (error) {
    console.warn(`[storage] could not read "${key}"`, error);
    return null;
  }
}

/**
 * The parsed JSON under `key`: `undefined` when absent or unreadable, and also when it holds
 * corrupted JSON (logged; SPEC §8: read failures give defaults).
 */
export function readJson(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    console.warn(`[storage] "${key}" holds invalid JSON; using defaults`);
    return undefined;
  }
}

/** Every key currently in storage (empty when storage cannot be read). */
export function storageKeys(): string[] {
  const storage = browserStorage();
  if (!storage) return [];
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch (error) {
    console.warn('[storage] could not list keys', error);
    return [];
  }
}

/** Applies every change or none (best effort rollback of the ones already applied). */
export function writeKeys(changes: readonly KeyChange[]): WriteResult {
  if (changes.length === 0) return { ok: true };
  const storage = browserStorage();
  if (!storage) return { ok: false, reason: 'unavailable' };
  const applied: KeyChange[] = [];
  try {
    for (const [key, raw] of changes) {
      const previous = storage.getItem(key);
      if (raw === null) storage.removeItem(key);
      else storage.setItem(key, raw);
      applied.push([key, previous]);
    }
    return { ok: true };
  } catch (error) {
    for (const [key, previous] of applied.reverse()) {
      try {
        if (previous === null) storage.removeItem(key);
        else storage.setItem(key, previous);
      } catch {
        // Restoring a value that was stored a moment ago fits unless another tab filled the space.
      }
    }
    const reason: StorageFailure = isQuotaError(error) ? 'quota' : 'unavailable';
    console.warn(`[storage] write failed (${reason}); nothing was changed`, error);
    return { ok: false, reason };
  }
}

/**
 * writeKeys for many changes (an import of thousands of ratings) without holding the page: slices of
 * `size` keys, one task each, `onProgress(done, total)` after each. Still every change or none:
 * when a slice fails, the slices already written are put back as they were.
 */
export async function writeKeysInSlices(
  changes: readonly KeyChange[],
  {
    size = 500,
    onProgress,
    pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  }: { size?: number; onProgress?: (done: number, total: number) => void; pause?: () => Promise<void> } = {},
): Promise<WriteResult> {
  const storage = browserStorage();
  if (!storage) return { ok: false, reason: 'unavailable' };
  const undo: KeyChange[] = [];
  for (let start = 0; start < changes.length; start += size) {
    const slice = changes.slice(start, start + size);
    let before: KeyChange[];
    try {
      before = slice.map(([key]) => [key, storage.getItem(key)] as const);
    } catch {
      writeKeys(undo.reverse());
      return { ok: false, reason: 'unavailable' };
    }
    const result = writeKeys(slice);
    if (!result.ok) {
      writeKeys(undo.reverse());
      return result;
    }
    undo.push(...before);
    onProgress?.(Math.min(changes.length, start + size), changes.length);
    if (start + size < changes.length) await pause();
  }
  return { ok: true };
}

/**
 * Keeps, per adapter, the serialised form of what this tab last read or wrote, so a write touches
 * only the keys that really changed: keys another tab wrote meanwhile, and keys the original app
 * wrote with extra fields, stay as they are until the user changes that very entry.
 */
export class KeyDiffWriter {
  private known = new Map<string, string>();
  /** What was read, serialised only when a write first needs it (rememberLater). */
  private pending: (() => Iterable<readonly [string, string]>) | null = null;
  private last: WriteResult = { ok: true };

  /**
   * Outcome of the writes since `resetResult()`: the stores call `set` (which writes through the
   * persist adapter) and read this right after to answer their callers.
   */
  resetResult(): void {
    this.last = { ok: true };
  }

  result(): WriteResult {
    return this.last;
  }

  /** Records what was just read (after normalising), replacing what was known. */
  remember(entries: Iterable<readonly [string, string]>): void {
    this.pending = null;
    this.known = new Map(entries);
  }

  /**
   * remember(), deferred: `entries` runs at the first write after it, if any. A page view that
   * only reads never serialises what it read (a 50,000-entry list is a megabyte of JSON).
   */
  rememberLater(entries: () => Iterable<readonly [string, string]>): void {
    this.pending = entries;
    this.known = new Map();
  }

  /** Writes `desired` (the full set of keys this adapter owns) against what was known. */
  write(desired: ReadonlyMap<string, string>): WriteResult {
    if (this.pending) this.remember(this.pending());
    const changes: KeyChange[] = [];
    for (const [key, raw] of desired) {
      if (this.known.get(key) !== raw) changes.push([key, raw]);
    }
    for (const key of this.known.keys()) {
      if (!desired.has(key)) changes.push([key, null]);
    }
    const result = writeKeys(changes);
    if (result.ok) this.known = new Map(desired);
    else this.last = result;
    return result;
  }
}

/** Today's date as YYYY-MM-DD in the visitor's time zone (dates of list moves). */
export function localDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

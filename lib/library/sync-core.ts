import { emptyEntry, findList, LIST_TYPES, removeFromLists, type ListsData } from '@/lib/stores/lists-store';
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KEYS,
  sanitizePreferences,
  type NotificationPreferences,
} from '@/lib/stores/notifications-store';
import { sanitizeRating, sanitizeRatingEntry, type RatingsData } from '@/lib/stores/ratings-store';
import { sanitizeDismissed } from '@/lib/stores/dismissed-store';
import { sanitizeEntry } from '@/lib/stores/lists-store';
import { formatHlc, isHlc, maxHlc, nextHlc, parseHlc } from './hlc';
import {
  entryId,
  ENTRY_KINDS,
  PREFS_KEY,
  type Change,
  type DismissalData,
  type EntryData,
  type EntryKind,
  type ListData,
  type RatingData,
  type RemoteEntry,
} from './protocol';

/**
 * The device side of library sync, as pure functions over plain data (the engine in engine.ts
 * reads and writes the stores and the network around them).
 *
 * - `shadow`: per entry, the stamp and fingerprint of the copy both sides last agreed on.
 * - `pending`: changes made on this device that the server has not confirmed yet, with their
 *   data, so nothing is lost while offline or while pushes fail.
 * - A local change is found by comparing the stores with pending-or-shadow, so whatever wrote the
 *   stores (a click, a backup import, a MAL import, another tab) is a change like any other.
 * - A remote entry replaces the local one unless this device holds a later pending change of it.
 */

export interface ShadowEntry {
  /** Stamp of the agreed change. */
  h: string;
  /** Fingerprint of its data; null for a removal. */
  f: string | null;
}

export interface PendingChange extends Change {
  f: string | null;
}

/** Why the server refused a change for good (a retry as it is would be refused again). */
export type RefusalReason = 'tooLarge' | 'invalid';

/** A change the server refused, set aside so that it never holds up the others. */
export interface RefusedChange extends PendingChange {
  reason: RefusalReason;
  /** The server's explanation, when it gave one. */
  message: string | null;
}

export interface SyncState {
  /** The server's data epoch last seen; null before the first sync of this user on this device. */
  epoch: string | null;
  /**
   * The server database's generation last seen (protocol.ts PushAnswer.generation); null before
   * a server named one. Another generation means the server's data went back in time.
   */
  generation: string | null;
  /** Pull cursor: the highest server version received. */
  cursor: number;
  /** Latest stamp issued or seen by this device. */
  clock: string | null;
  shadow: Record<string, ShadowEntry>;
  pending: Record<string, PendingChange>;
  /** Changes the server refused (too large, invalid): shown in Settings › Conta, retried on request. */
  refused: Record<string, RefusedChange>;
  /**
   * The epoch the kept `pending` changes were made in, while `epoch` is null (the device holds
   * none of this user's synced library and syncs from scratch): they are pushed only if the
   * account still has that epoch (its synced data was not deleted since).
   */
  priorEpoch: string | null;
  /** ISO time of the last complete sync. */
  lastSyncedAt: string | null;
}

export function emptySyncState(): SyncState {
  return {
    epoch: null,
    generation: null,
    cursor: 0,
    clock: null,
    shadow: {},
    pending: {},
    refused: {},
    priorEpoch: null,
    lastSyncedAt: null,
  };
}

/**
 * A user's state when the device's stores no longer hold their synced library (another account's
 * or nobody's data is there): the shadow and cursor describe stores that are gone, so they are
 * dropped and the next sync starts from scratch. Changes not pushed yet are the user's own and are
 * kept, with the epoch they belong to.
 */
export function restartState(state: SyncState): SyncState {
  return {
    ...emptySyncState(),
    generation: state.generation,
    clock: state.clock,
    pending: state.pending,
    refused: state.refused,
    priorEpoch: state.epoch ?? state.priorEpoch,
  };
}

/** Pending changes as entries to write into stores that do not hold them (restartState's pending). */
export function pendingAsEntries(state: SyncState): RemoteEntry[] {
  return Object.values(state.pending).map((change) => ({ ...wireChange(change), version: 0 }));
}

export interface LocalEntry {
  kind: EntryKind;
  key: string;
  data: EntryData;
}

export interface LocalLibrary {
  ratings: RatingsData;
  lists: ListsData;
  prefs: NotificationPreferences;
  /** Suggestions dismissed in 'Para você': anime id → ISO time (lib/stores/dismissed-store.ts). */
  dismissed: Record<number, string>;
}

/** FNV-1a, twice with different offsets: a short fingerprint that fits thousands of entries in storage. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/**
 * What identifies an entry's state. The display snapshot is left out: it is refreshed in the
 * background on every device, and that is no change of the person's.
 */
export function fingerprint(kind: EntryKind, data: EntryData): string {
  const { snapshot: _snapshot, ...rest } = data as EntryData & { snapshot?: unknown };
  const keys = Object.keys(rest).sort();
  return hash(`${kind}|${JSON.stringify(rest, keys)}`);
}

/** Every syncable entry of the stores, by entry id. */
export function extractLocal({ ratings, lists, prefs, dismissed }: LocalLibrary): Map<string, LocalEntry> {
  const local = new Map<string, LocalEntry>();
  for (const [key, value] of Object.entries(ratings.ratings)) {
    const entry = ratings.entries[Number(key)];
    const data: RatingData = {
      rating: value.rating,
      opinion: value.opinion,
      ratedAt: entry?.ratedAt ?? null,
      snapshot: entry?.snapshot ?? null,
    };
    local.set(entryId('rating', key), { kind: 'rating', key, data });
  }
  for (const list of LIST_TYPES) {
    for (const id of lists.lists[list]) {
      const entry = lists.entries[id] ?? emptyEntry();
      const key = String(id);
      const data: ListData = {
        list,
        progress: entry.progress,
        startedAt: entry.startedAt,
        finishedAt: entry.finishedAt,
        snapshot: entry.snapshot,
      };
      local.set(entryId('list', key), { kind: 'list', key, data });
    }
  }
  for (const [key, at] of Object.entries(dismissed)) {
    const data: DismissalData = { at };
    local.set(entryId('dismissal', key), { kind: 'dismissal', key, data });
  }
  const preferences: NotificationPreferences = { ...DEFAULT_PREFERENCES };
  for (const key of PREFERENCE_KEYS) preferences[key] = prefs[key];
  local.set(entryId('prefs', PREFS_KEY), { kind: 'prefs', key: PREFS_KEY, data: preferences });
  return local;
}

function expected(state: SyncState, id: string): ShadowEntry | undefined {
  const pending = state.pending[id] ?? state.refused[id];
  return pending ? { h: pending.hlc, f: pending.f } : state.shadow[id];
}

/**
 * The stores compared with what sync last knew: every difference becomes a pending change stamped
 * after everything this device has seen (`now`: the device clock corrected by the server's).
 */
export function recordLocalChanges(
  state: SyncState,
  local: ReadonlyMap<string, LocalEntry>,
  now: number,
  node: string,
): { state: SyncState; recorded: number } {
  let clock = state.clock;
  let pending: Record<string, PendingChange> | null = null;
  let refused: Record<string, RefusedChange> | null = null;
  let recorded = 0;
  const add = (id: string, change: PendingChange) => {
    pending ??= { ...state.pending };
    pending[id] = change;
    if (state.refused[id]) {
      // A new change of the entry replaces the refused one.
      refused ??= { ...state.refused };
      delete refused[id];
    }
    recorded++;
  };
  for (const [id, entry] of local) {
    const f = fingerprint(entry.kind, entry.data);
    if (expected(state, id)?.f === f) continue;
    clock = nextHlc(clock, now, node);
    add(id, { kind: entry.kind, key: entry.key, hlc: clock, deleted: false, data: entry.data, f });
  }
  for (const id of new Set([
    ...Object.keys(state.shadow),
    ...Object.keys(state.pending),
    ...Object.keys(state.refused),
  ])) {
    if (local.has(id)) continue;
    const known = expected(state, id);
    if (!known || known.f === null) continue;
    const [kind, key] = splitId(id);
    clock = nextHlc(clock, now, node);
    add(id, { kind, key, hlc: clock, deleted: true, data: null, f: null });
  }
  if (!pending) return { state, recorded: 0 };
  return { state: { ...state, clock, pending, refused: refused ?? state.refused }, recorded };
}

function splitId(id: string): [EntryKind, string] {
  const index = id.indexOf(':');
  return [id.slice(0, index) as EntryKind, id.slice(index + 1)];
}

export interface ApplyOptions {
  /**
   * The first sync of this user on this device: entries the device had before signing in are
   * merged, not replaced. A local entry the server lacks, or has only as a removal, is kept (and
   * pushed); a rating on both sides keeps the one rated last.
   */
  firstSync?: boolean;
}

/** Remote entries against the local state: which to write to the stores, and the new sync state. */
export function applyRemote(
  state: SyncState,
  local: ReadonlyMap<string, LocalEntry>,
  entries: readonly RemoteEntry[],
  { firstSync = false }: ApplyOptions = {},
): { state: SyncState; writes: RemoteEntry[] } {
  const shadow = { ...state.shadow };
  const pending = { ...state.pending };
  let clock = state.clock;
  let cursor = state.cursor;
  const writes: RemoteEntry[] = [];
  for (const entry of entries) {
    cursor = Math.max(cursor, entry.version);
    clock = maxHlc(clock, entry.hlc);
    const id = entryId(entry.kind, entry.key);
    const mine = pending[id];
    if (mine && mine.hlc > entry.hlc) continue;
    const current = local.get(id);
    if (firstSync && !shadow[id] && !mine && current && keepLocalOnFirstSync(current, entry)) continue;
    if (mine) delete pending[id];
    const known = shadow[id];
    if (known && known.h >= entry.hlc) continue;
    shadow[id] = {
      h: entry.hlc,
      f: entry.deleted || !entry.data ? null : fingerprint(entry.kind, entry.data),
    };
    writes.push(entry);
  }
  return { state: { ...state, shadow, pending, clock, cursor }, writes };
}

function keepLocalOnFirstSync(current: LocalEntry, remote: RemoteEntry): boolean {
  if (remote.deleted || !remote.data) return true;
  if (current.kind === 'rating') {
    const mine = (current.data as RatingData).ratedAt;
    const theirs = (remote.data as RatingData).ratedAt;
    return mine !== null && (theirs === null || mine > theirs);
  }
  return false;
}

/**
 * After writing remote entries to the stores, the stores may have normalised them (a progress
 * clamped to the episode count): the shadow takes the stores' form so it is not pushed back.
 */
export function settleShadow(
  state: SyncState,
  local: ReadonlyMap<string, LocalEntry>,
  ids: Iterable<string>,
): SyncState {
  let shadow: Record<string, ShadowEntry> | null = null;
  for (const id of ids) {
    const known = state.shadow[id];
    const entry = local.get(id);
    if (!known || known.f === null || !entry) continue;
    const f = fingerprint(entry.kind, entry.data);
    if (f === known.f) continue;
    shadow ??= { ...state.shadow };
    shadow[id] = { h: known.h, f };
  }
  return shadow ? { ...state, shadow } : state;
}

/** The server confirmed `sent`: what is still the latest pending change of its entry moves to the shadow. */
export function acknowledge(state: SyncState, sent: readonly PendingChange[]): SyncState {
  const pending = { ...state.pending };
  const shadow = { ...state.shadow };
  for (const change of sent) {
    const id = entryId(change.kind, change.key);
    if (pending[id]?.hlc !== change.hlc) continue;
    delete pending[id];
    if (!shadow[id] || shadow[id].h < change.hlc) shadow[id] = { h: change.hlc, f: change.f };
  }
  return { ...state, pending, shadow };
}

/** The server refused `change` for good: it leaves the queue and waits in `refused`. */
export function setAside(
  state: SyncState,
  change: PendingChange,
  reason: RefusalReason,
  message: string | null,
): SyncState {
  const id = entryId(change.kind, change.key);
  if (state.pending[id]?.hlc !== change.hlc) return state;
  const pending = { ...state.pending };
  delete pending[id];
  return { ...state, pending, refused: { ...state.refused, [id]: { ...change, reason, message } } };
}

/** Refused changes go back to the queue (the person asked to try again). */
export function retryRefused(state: SyncState): SyncState {
  const ids = Object.keys(state.refused);
  if (ids.length === 0) return state;
  const pending = { ...state.pending };
  for (const id of ids) {
    const { reason: _reason, message: _message, ...change } = state.refused[id]!;
    if (!pending[id] || pending[id].hlc < change.hlc) pending[id] = change;
  }
  return { ...state, pending, refused: {} };
}

/**
 * After pulling the whole library again (`seen`: every entry id the server holds), the entries
 * this device knew but the server no longer has are removals whose tombstones were compacted while
 * the device was away: they are removed here too, unless the device changed them since.
 */
export function dropVanished(
  state: SyncState,
  seen: ReadonlySet<string>,
): { state: SyncState; writes: RemoteEntry[] } {
  const shadow = { ...state.shadow };
  const writes: RemoteEntry[] = [];
  let changed = false;
  for (const [id, known] of Object.entries(state.shadow)) {
    if (seen.has(id) || state.pending[id] || state.refused[id]) continue;
    delete shadow[id];
    changed = true;
    if (known.f === null) continue;
    const [kind, key] = splitId(id);
    writes.push({ kind, key, hlc: known.h, deleted: true, data: null, version: 0 });
  }
  return { state: changed ? { ...state, shadow } : state, writes };
}

/** Pending changes in push-sized batches (count and approximate bytes). */
export function batches(
  pending: Record<string, PendingChange>,
  maxChanges: number,
  maxBytes: number,
): PendingChange[][] {
  const all = Object.values(pending).sort((a, b) => (a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0));
  const result: PendingChange[][] = [];
  let current: PendingChange[] = [];
  let bytes = 0;
  for (const change of all) {
    const size = JSON.stringify(change).length * 2 + 16;
    if (current.length > 0 && (current.length >= maxChanges || bytes + size > maxBytes)) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(change);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** The change as sent (without the local fingerprint). */
export function wireChange({ kind, key, hlc, deleted, data }: PendingChange): Change {
  return { kind, key, hlc, deleted, data };
}

/** The stores' data with remote entries written in (pure; the engine sets the stores from it). */
export function applyWrites(library: LocalLibrary, writes: readonly RemoteEntry[]): LocalLibrary {
  let ratings = library.ratings;
  let lists = library.lists;
  let prefs = library.prefs;
  let dismissed: Record<number, string> | null = null;
  for (const entry of writes) {
    const id = Number(entry.key);
    if (entry.kind === 'rating') {
      const nextRatings = { ...ratings.ratings };
      const nextEntries = { ...ratings.entries };
      const rating = entry.deleted ? null : sanitizeRating(entry.data);
      if (rating) {
        const data = entry.data as RatingData;
        nextRatings[id] = rating;
        nextEntries[id] = sanitizeRatingEntry({ snapshot: data.snapshot, ratedAt: data.ratedAt });
      } else {
        delete nextRatings[id];
        delete nextEntries[id];
      }
      ratings = { ratings: nextRatings, entries: nextEntries };
    } else if (entry.kind === 'list') {
      const data = entry.deleted ? null : (entry.data as ListData | null);
      if (!data || !(LIST_TYPES as readonly string[]).includes(data.list)) {
        lists = removeFromLists(lists, id);
        continue;
      }
      const current = findList(lists.lists, id);
      const next = { ...lists.lists };
      for (const list of LIST_TYPES) {
        if (list !== data.list && next[list].includes(id))
          next[list] = next[list].filter((value) => value !== id);
      }
      if (current !== data.list) next[data.list] = [...next[data.list], id];
      lists = { lists: next, entries: { ...lists.entries, [id]: sanitizeEntry(data) } };
    } else if (entry.kind === 'dismissal') {
      dismissed ??= { ...library.dismissed };
      const at = entry.deleted ? null : (entry.data as DismissalData | null)?.at;
      if (typeof at === 'string' && !Number.isNaN(Date.parse(at))) dismissed[id] = at;
      else delete dismissed[id];
    } else {
      prefs = entry.deleted ? { ...DEFAULT_PREFERENCES } : sanitizePreferences(entry.data);
    }
  }
  // The store's bounds (valid ids, the most recent MAX_DISMISSED), applied once for the whole batch.
  return { ratings, lists, prefs, dismissed: dismissed ? sanitizeDismissed(dismissed) : library.dismissed };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ENTRY_ID = /^(rating|list|dismissal):[1-9]\d{0,6}$|^prefs:notifications$/;

/** Stored sync state as a valid one (anything unreadable starts over, which merges again: nothing lost). */
export function sanitizeSyncState(value: unknown): SyncState {
  if (!isRecord(value)) return emptySyncState();
  const state = emptySyncState();
  if (typeof value.epoch === 'string') state.epoch = value.epoch;
  if (typeof value.generation === 'string') state.generation = value.generation;
  if (typeof value.cursor === 'number' && Number.isSafeInteger(value.cursor) && value.cursor >= 0)
    state.cursor = value.cursor;
  if (isHlc(value.clock)) state.clock = value.clock;
  if (typeof value.lastSyncedAt === 'string') state.lastSyncedAt = value.lastSyncedAt;
  if (typeof value.priorEpoch === 'string') state.priorEpoch = value.priorEpoch;
  if (isRecord(value.shadow)) {
    for (const id of Object.keys(value.shadow)) {
      const entry = value.shadow[id];
      if (!ENTRY_ID.test(id) || !isRecord(entry) || !isHlc(entry.h)) continue;
      if (entry.f !== null && typeof entry.f !== 'string') continue;
      state.shadow[id] = { h: entry.h, f: entry.f };
    }
  }
  if (isRecord(value.pending)) {
    for (const id of Object.keys(value.pending)) {
      const change = sanitizePending(id, value.pending[id]);
      if (change) state.pending[id] = change;
    }
  }
  if (isRecord(value.refused)) {
    for (const id of Object.keys(value.refused)) {
      const raw = value.refused[id];
      const change = sanitizePending(id, raw);
      if (!change || !isRecord(raw)) continue;
      state.refused[id] = {
        ...change,
        reason: raw.reason === 'tooLarge' ? 'tooLarge' : 'invalid',
        message: typeof raw.message === 'string' ? raw.message.slice(0, 500) : null,
      };
    }
  }
  return state;
}

function sanitizePending(id: string, change: unknown): PendingChange | null {
  if (!ENTRY_ID.test(id) || !isRecord(change) || !isHlc(change.hlc)) return null;
  if (!(ENTRY_KINDS as readonly unknown[]).includes(change.kind) || typeof change.key !== 'string')
    return null;
  if (entryId(change.kind as EntryKind, change.key) !== id) return null;
  const deleted = change.deleted === true;
  if (!deleted && !isRecord(change.data)) return null;
  return {
    kind: change.kind as EntryKind,
    key: change.key,
    hlc: change.hlc,
    deleted,
    data: deleted ? null : (change.data as unknown as EntryData),
    f: deleted
      ? null
      : typeof change.f === 'string'
        ? change.f
        : fingerprint(change.kind as EntryKind, change.data as unknown as EntryData),
  };
}

/**
 * Counts for the first-merge message: ratings and listed anime in the merged library. Dismissals
 * travel with them and are not counted (see engine.ts adopt).
 */
export function libraryCounts(local: ReadonlyMap<string, LocalEntry>): { ratings: number; lists: number } {
  let ratings = 0;
  let lists = 0;
  for (const entry of local.values()) {
    if (entry.kind === 'rating') ratings++;
    else if (entry.kind === 'list') lists++;
  }
  return { ratings, lists };
}

/**
 * The server's database went back in time (another generation: a restored snapshot, an emptied
 * server): it may lack anything this device has synced. Everything the device holds becomes
 * pending again with the stamp it had (`shadow`), so the later change still wins wherever another
 * device or the server holds a newer one; the next pull starts from scratch. Changes already
 * pending stay as they are. Call it after recording the stores' changes (recordLocalChanges), so
 * the shadow's live entries are what the stores hold.
 */
export function resendAll(state: SyncState, local: ReadonlyMap<string, LocalEntry>): SyncState {
  const pending = { ...state.pending };
  for (const [id, known] of Object.entries(state.shadow)) {
    if (pending[id] || state.refused[id]) continue;
    const [kind, key] = splitId(id);
    if (known.f === null) {
      pending[id] = { kind, key, hlc: known.h, deleted: true, data: null, f: null };
      continue;
    }
    const entry = local.get(id);
    if (!entry) continue;
    pending[id] = { kind, key, hlc: known.h, deleted: false, data: entry.data, f: known.f };
  }
  return { ...state, pending, shadow: {}, cursor: 0 };
}

function wallOf(stamp: string): number {
  return parseHlc(stamp).wall;
}

/**
 * Changes stamped further ahead of `now` (the server-corrected time) than `toleranceMs` were made
 * while this device's clock ran ahead: the server would refuse them (or they would beat every
 * later change of other devices). They are stamped again at `now`, in their order, and so are
 * refused ones the server turned down for their stamp; the device's clock goes back (never below
 * a stamp the server may hold).
 */
export function restampAhead(
  state: SyncState,
  now: number,
  node: string,
  toleranceMs: number,
): { state: SyncState; restamped: number } {
  const limit = now + toleranceMs;
  const ahead = (stamp: string) => wallOf(stamp) > limit;
  const moving: PendingChange[] = [];
  const pending = { ...state.pending };
  const refused = { ...state.refused };
  for (const [id, change] of Object.entries(state.pending)) {
    if (!ahead(change.hlc)) continue;
    moving.push(change);
    delete pending[id];
  }
  for (const [id, change] of Object.entries(state.refused)) {
    if (!ahead(change.hlc) || pending[id]) continue;
    const { reason: _reason, message: _message, ...plain } = change;
    moving.push(plain);
    delete refused[id];
  }
  const clockAhead = state.clock !== null && ahead(state.clock);
  if (moving.length === 0 && !clockAhead) return { state, restamped: 0 };
  // The clock goes back to the latest stamp the server may hold (every agreed one: a later change
  // of that entry must still beat it) and the pending ones that are not ahead.
  let clock: string | null = null;
  for (const known of Object.values(state.shadow)) clock = maxHlc(clock, known.h);
  for (const change of [...Object.values(pending), ...Object.values(refused)])
    if (!ahead(change.hlc)) clock = maxHlc(clock, change.hlc);
  if (clock === null || wallOf(clock) < now) clock = formatHlc({ wall: now, counter: 0, node });
  moving.sort((a, b) => (a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0));
  for (const change of moving) {
    clock = nextHlc(clock, now, node);
    pending[entryId(change.kind, change.key)] = { ...change, hlc: clock };
  }
  return { state: { ...state, pending, refused, clock }, restamped: moving.length };
}

/**
 * Of a batch the server refused because the library is full (and wrote nothing of), the changes
 * that cannot add an entry as far as this device knows: removals, and edits of entries the server
 * holds live. They go through a full library; the others wait for room.
 */
export function splitForFullLibrary(
  state: SyncState,
  batch: readonly PendingChange[],
): { frees: PendingChange[]; adds: PendingChange[] } {
  const frees: PendingChange[] = [];
  const adds: PendingChange[] = [];
  for (const change of batch) {
    const known = state.shadow[entryId(change.kind, change.key)];
    if (change.deleted || (known && known.f !== null)) frees.push(change);
    else adds.push(change);
  }
  return { frees, adds };
}

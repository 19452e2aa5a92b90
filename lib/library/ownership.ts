import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { emptyLists, useListsStore } from '@/lib/stores/lists-store';
import { browserStorage, readJson } from '@/lib/stores/local-storage';
import { DEFAULT_PREFERENCES, useNotificationsStore } from '@/lib/stores/notifications-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { OWNER_KEY, STATE_PREFIX } from './claim';
import { newNodeId } from './hlc';
import type { RemoteEntry } from './protocol';
import {
  applyWrites,
  extractLocal,
  libraryCounts,
  recordLocalChanges,
  sanitizeSyncState,
  type LocalLibrary,
  type SyncState,
} from './sync-core';

/**
 * Whose library the device's stores hold, and what each account keeps on this device.
 *
 * The stores (ratings, lists, dismissed suggestions, notification preferences) hold one library at
 * a time, and OWNER_KEY says whose: an account's (uid), or nobody's (absent: a visitor's data, or
 * nothing). Each account's sync state (shadow, epoch, cursor, pending changes) is kept by uid. A
 * visitor's library that an account did not take in is set aside (the stash) and comes back when
 * that account signs out removing its data.
 */

const NODE_KEY = 'anime-master-sync-node';
/** A visitor's library set aside when the account that signed in did not take it in. */
const STASH_KEY = 'anime-master-sync-device-library';

export interface MergeCounts {
  ratings: number;
  lists: number;
}

function storage(): Storage | null {
  return browserStorage();
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

export function loadState(uid: string): SyncState {
  return sanitizeSyncState(readJson(STATE_PREFIX + uid));
}

/** Throws when storage is full or blocked (the caller keeps the state in memory). */
export function saveState(uid: string, state: SyncState): void {
  storage()?.setItem(STATE_PREFIX + uid, JSON.stringify(state));
}

export function removeState(uid: string): void {
  remove(STATE_PREFIX + uid);
}

export function readOwner(): string | null {
  try {
    return storage()?.getItem(OWNER_KEY) || null;
  } catch {
    return null;
  }
}

export function writeOwner(uid: string | null): void {
  try {
    if (uid) storage()?.setItem(OWNER_KEY, uid);
    else storage()?.removeItem(OWNER_KEY);
  } catch {
    // Blocked storage: nothing to remember it in (and nothing kept across visits either).
  }
}

/** This device's node id for clock stamps (hlc.ts), created once. */
export function nodeId(): string {
  const stored = storage()?.getItem(NODE_KEY);
  if (stored && /^[0-9a-z]{8}$/.test(stored)) return stored;
  const id = newNodeId();
  try {
    storage()?.setItem(NODE_KEY, id);
  } catch {
    // A node id for this visit only.
  }
  return id;
}

export function currentLibrary(): LocalLibrary {
  const ratings = useRatingsStore.getState();
  const lists = useListsStore.getState();
  return {
    ratings: { ratings: ratings.ratings, entries: ratings.entries },
    lists: { lists: lists.lists, entries: lists.entries },
    prefs: useNotificationsStore.getState().preferences,
    dismissed: useDismissedStore.getState().dismissed,
  };
}

export function emptyLibrary(): LocalLibrary {
  return {
    ratings: { ratings: {}, entries: {} },
    lists: { lists: emptyLists(), entries: {} },
    prefs: { ...DEFAULT_PREFERENCES },
    dismissed: {},
  };
}

export function writeLibrary(next: LocalLibrary): void {
  const ratings = useRatingsStore.getState();
  if (ratings.ratings !== next.ratings.ratings || ratings.entries !== next.ratings.entries) {
    useRatingsStore.setState({ ratings: next.ratings.ratings, entries: next.ratings.entries });
  }
  const lists = useListsStore.getState();
  if (lists.lists !== next.lists.lists || lists.entries !== next.lists.entries) {
    useListsStore.setState({ lists: next.lists.lists, entries: next.lists.entries });
  }
  if (useNotificationsStore.getState().preferences !== next.prefs) {
    useNotificationsStore.setState({ preferences: next.prefs });
  }
  if (useDismissedStore.getState().dismissed !== next.dismissed) {
    useDismissedStore.setState({ dismissed: next.dismissed });
  }
}

/** A library's entries as remote entries (to write one library into another). */
function asEntries(library: LocalLibrary): RemoteEntry[] {
  return [...extractLocal(library).values()].map(({ kind, key, data }) => ({
    kind,
    key,
    hlc: '',
    deleted: false,
    data,
    version: 0,
  }));
}

function readStash(): LocalLibrary | null {
  const value = readJson(STASH_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const entries = (value as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) return null;
  // Written by stash() below from extractLocal; applyWrites cleans every entry as a pull would.
  return applyWrites(emptyLibrary(), entries as RemoteEntry[]);
}

/** Sets a visitor's library aside (added to any set aside before). */
export function stash(library: LocalLibrary): void {
  const before = readStash();
  const combined = before ? applyWrites(before, asEntries(library)) : library;
  storage()?.setItem(STASH_KEY, JSON.stringify({ entries: asEntries(combined) }));
}

export function takeStash(): LocalLibrary | null {
  const library = readStash();
  remove(STASH_KEY);
  return library;
}

/**
 * The stores hold `owner`'s copy and are about to change hands: whatever the copy has that
 * `owner`'s account does not (changes made since its last sync, or while its sync was off) is
 * recorded as `owner`'s pending changes, sent at its next sign-in on this device.
 */
export function keepOwnersChanges(owner: string, library: LocalLibrary, now: number, node: string): void {
  const { state, recorded } = recordLocalChanges(loadState(owner), extractLocal(library), now, node);
  if (recorded > 0) saveState(owner, state);
}

/**
 * The changes of `uid` this device holds that the account has not received: pending, refused,
 * and those in the stores not recorded yet. Signing out removing the data loses them.
 */
export function unsentChanges(uid: string): number {
  let state = loadState(uid);
  let unrecorded = 0;
  if (readOwner() === uid && state.epoch !== null) {
    state = recordLocalChanges(state, extractLocal(currentLibrary()), Date.now(), nodeId()).state;
  } else if (readOwner() === uid) {
    // Before the first sync: everything in the stores is still to be sent.
    const counts = libraryCounts(extractLocal(currentLibrary()));
    unrecorded = counts.ratings + counts.lists;
  }
  return unrecorded + Object.keys(state.pending).length + Object.keys(state.refused).length;
}

/**
 * Nothing of `uid` stays on this device: its sync state (unsent changes included) and, when the
 * stores hold its library, the stores (a visitor's set-aside library comes back).
 */
export function removeAccount(uid: string): void {
  if (readOwner() === uid) {
    writeOwner(null);
    writeLibrary(takeStash() ?? emptyLibrary());
  }
  removeState(uid);
}

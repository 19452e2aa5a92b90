import { create } from 'zustand';
import { browserStorage, readJson } from '@/lib/stores/local-storage';

/**
 * The sync status shown in Settings (last synced, pending changes, error), per user. The tab that
 * runs the sync (engine.ts) writes it to localStorage; every tab reads it from there, so the
 * status is the same in all of them.
 */

export const STATUS_KEY = 'anime-master-sync-status';
export const OPT_OUT_PREFIX = 'anime-master-sync-off:';

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'error' | 'off';
/** What went wrong, as a key of the AccountTab messages' sync errors. */
export type SyncErrorKind = 'network' | 'server' | 'rejected' | 'signedOut' | 'reset' | 'full';

/** A change the server refused for good, as Settings › Conta lists it. */
export interface RefusedSummary {
  kind: 'rating' | 'list' | 'dismissal' | 'prefs';
  /** The anime id (or 'notifications'). */
  key: string;
  /** The anime's title from the change's snapshot, when it has one. */
  title: string | null;
  /** 'full': not refused for good, it waits until the library has room. */
  reason: 'tooLarge' | 'invalid' | 'full';
}

export interface SyncStatus {
  uid: string;
  phase: SyncPhase;
  lastSyncedAt: string | null;
  pending: number;
  error: SyncErrorKind | null;
  /** Changes set aside after the server refused them (the first few), and how many in all. */
  refused?: RefusedSummary[];
  refusedCount?: number;
  /** The server's bound of entries, when a push was refused for it ('full'). */
  limit?: number | null;
}

const REASONS = new Set(['tooLarge', 'invalid', 'full']);
const KINDS = new Set(['rating', 'list', 'dismissal', 'prefs']);

function readRefused(value: unknown): RefusedSummary[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is RefusedSummary =>
        typeof item === 'object' &&
        item !== null &&
        KINDS.has((item as RefusedSummary).kind) &&
        typeof (item as RefusedSummary).key === 'string' &&
        REASONS.has((item as RefusedSummary).reason),
    )
    .map((item) => ({
      kind: item.kind,
      key: item.key,
      title: typeof item.title === 'string' ? item.title : null,
      reason: item.reason,
    }));
}

function readStatus(): SyncStatus | null {
  const value = readJson(STATUS_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const status = value as Partial<SyncStatus>;
  if (typeof status.uid !== 'string' || typeof status.phase !== 'string') return null;
  return {
    uid: status.uid,
    phase: status.phase,
    lastSyncedAt: typeof status.lastSyncedAt === 'string' ? status.lastSyncedAt : null,
    pending: typeof status.pending === 'number' ? status.pending : 0,
    error: typeof status.error === 'string' ? status.error : null,
    refused: readRefused(status.refused),
    refusedCount: typeof status.refusedCount === 'number' ? status.refusedCount : 0,
    limit: typeof status.limit === 'number' ? status.limit : null,
  };
}

export const useSyncStatusStore = create<{ status: SyncStatus | null }>()(() => ({ status: null }));

export function publishStatus(status: SyncStatus): void {
  useSyncStatusStore.setState({ status });
  try {
    browserStorage()?.setItem(STATUS_KEY, JSON.stringify(status));
  } catch {
    // Storage full or blocked: this tab still shows it.
  }
}

/** The status of `uid`'s sync, or null before this device ever synced them. */
export function useSyncStatus(uid: string | null): SyncStatus | null {
  const status = useSyncStatusStore((state) => state.status);
  return uid && status?.uid === uid ? status : null;
}

/** Forgets the published status (the user signed out and removed their data from this device). */
export function clearStatus(uid: string): void {
  if (useSyncStatusStore.getState().status?.uid !== uid) return;
  useSyncStatusStore.setState({ status: null });
  try {
    browserStorage()?.removeItem(STATUS_KEY);
  } catch {
    // Nothing stored.
  }
}

export function isSyncOptedOut(uid: string): boolean {
  try {
    return browserStorage()?.getItem(OPT_OUT_PREFIX + uid) === '1';
  } catch {
    return false;
  }
}

export function setSyncOptOut(uid: string, off: boolean): void {
  try {
    const storage = browserStorage();
    if (off) storage?.setItem(OPT_OUT_PREFIX + uid, '1');
    else storage?.removeItem(OPT_OUT_PREFIX + uid);
  } catch {
    // Blocked storage: nothing to remember the choice in.
  }
}

if (typeof window !== 'undefined') {
  useSyncStatusStore.setState({ status: readStatus() });
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STATUS_KEY) useSyncStatusStore.setState({ status: readStatus() });
  });
}

import { emptyLists } from '@/lib/stores/lists-store';
import { browserStorage, readJson } from '@/lib/stores/local-storage';
import { useListsStore } from '@/lib/stores/lists-store';
import { DEFAULT_PREFERENCES, useNotificationsStore } from '@/lib/stores/notifications-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { newNodeId } from './hlc';
import { MAX_PUSH_CHANGES, type PullAnswer, type PushAnswer, type RemoteEntry } from './protocol';
import { isSyncOptedOut, publishStatus, setSyncOptOut, type SyncErrorKind, type SyncPhase } from './status';
import {
  acknowledge,
  applyRemote,
  applyWrites,
  batches,
  emptySyncState,
  extractLocal,
  libraryCounts,
  recordLocalChanges,
  sanitizeSyncState,
  settleShadow,
  wireChange,
  type LocalLibrary,
  type SyncState,
} from './sync-core';
import { entryId } from './protocol';

/**
 * Runs a signed-in user's library sync in the browser (the logic is sync-core.ts).
 *
 * - Local first: the stores write localStorage at once, as always; this engine notices each change
 *   (whatever made it: a click, an import, another tab) and pushes it. Changes wait in the sync
 *   state in localStorage while offline or while pushes fail, and are retried with back-off.
 * - One tab syncs: the tabs of a browser elect a leader with the Web Locks API, and only the
 *   leader records and pushes changes (other tabs' changes reach it through `storage` events), so
 *   a change is pushed once. Other tabs ask the leader to sync over a BroadcastChannel.
 * - Pulls happen at sign-in, when a tab regains focus or becomes visible, and every 30 s while a
 *   tab is visible.
 */

const STATE_PREFIX = 'anime-master-sync:';
const NODE_KEY = 'anime-master-sync-node';
/** The user whose library the stores hold (set at their first sync on this device). */
const OWNER_KEY = 'anime-master-sync-owner';
const LOCK_NAME = 'anime-master-library-sync';
const CHANNEL_NAME = 'anime-master-library-sync';
export const PULL_INTERVAL_MS = 30_000;
const PUSH_DELAY_MS = 300;
const MAX_BACKOFF_MS = 5 * 60_000;
const PUSH_BYTES = 1024 * 1024;
const ENDPOINT = '/api/library';

class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`library sync failed: ${kind}`);
  }
}

export interface MergeCounts {
  ratings: number;
  lists: number;
}

export interface EngineOptions {
  uid: string;
  getToken: () => Promise<string | null>;
  /** The first sync on this device merged the local library with the account's. */
  onMerged?: (counts: MergeCounts) => void;
}

function storage(): Storage | null {
  return browserStorage();
}

function loadState(uid: string): SyncState {
  return sanitizeSyncState(readJson(STATE_PREFIX + uid));
}

function nodeId(): string {
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

function currentLibrary(): LocalLibrary {
  const ratings = useRatingsStore.getState();
  const lists = useListsStore.getState();
  return {
    ratings: { ratings: ratings.ratings, entries: ratings.entries },
    lists: { lists: lists.lists, entries: lists.entries },
    prefs: useNotificationsStore.getState().preferences,
  };
}

function emptyLibrary(): LocalLibrary {
  return {
    ratings: { ratings: {}, entries: {} },
    lists: { lists: emptyLists(), entries: {} },
    prefs: { ...DEFAULT_PREFERENCES },
  };
}

function writeLibrary(next: LocalLibrary): void {
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
}

function backoffMs(failures: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.min(failures - 1, 10));
  return Math.round(base * (0.5 + Math.random() / 2));
}

type Message = { type: 'sync' } | { type: 'reload' };

export class LibrarySyncEngine {
  private state: SyncState;
  private readonly node = nodeId();
  private leader = false;
  private stopped = false;
  private applying = false;
  private running = false;
  private again = false;
  private failures = 0;
  private offsetMs = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private releaseLock: (() => void) | null = null;
  private readonly abort = new AbortController();
  private readonly channel: BroadcastChannel | null =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly options: EngineOptions) {
    this.state = loadState(options.uid);
  }

  start(): void {
    const onMessage = (event: MessageEvent<Message>) => {
      if (event.data?.type === 'reload') this.reload();
      else if (event.data?.type === 'sync' && this.leader) this.schedule(0);
    };
    this.channel?.addEventListener('message', onMessage);
    this.cleanups.push(() => this.channel?.removeEventListener('message', onMessage));

    const wake = () => {
      if (document.visibilityState === 'visible') this.requestSync();
    };
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', wake);
    const online = () => this.requestSync();
    window.addEventListener('online', online);
    this.cleanups.push(() => {
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', online);
    });
    this.interval = setInterval(wake, PULL_INTERVAL_MS);

    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) {
      this.lead();
      return;
    }
    locks
      .request(LOCK_NAME, { signal: this.abort.signal }, () => {
        if (this.stopped) return undefined;
        this.lead();
        return new Promise<void>((resolve) => (this.releaseLock = resolve));
      })
      .catch(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.releaseLock?.();
    clearTimeout(this.timer);
    clearInterval(this.interval);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.channel?.close();
  }

  /** Sync now (this tab leads) or ask the leading tab to. */
  requestSync(): void {
    if (this.stopped) return;
    if (this.leader) this.schedule(0);
    else this.channel?.postMessage({ type: 'sync' } satisfies Message);
  }

  /** The sync state changed in storage (deleted data, opt-out): read it again and sync. */
  reload(): void {
    this.state = loadState(this.options.uid);
    if (this.leader) this.schedule(0);
  }

  broadcastReload(): void {
    this.channel?.postMessage({ type: 'reload' } satisfies Message);
    this.reload();
  }

  private lead(): void {
    if (this.stopped) return;
    this.leader = true;
    this.state = loadState(this.options.uid);
    const onChange = () => {
      if (this.applying) return;
      if (this.record()) this.schedule(PUSH_DELAY_MS);
    };
    this.cleanups.push(
      useRatingsStore.subscribe(onChange),
      useListsStore.subscribe(onChange),
      useNotificationsStore.subscribe((state, previous) => {
        if (state.preferences !== previous.preferences) onChange();
      }),
    );
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped || !this.leader) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private now(): number {
    return Date.now() + this.offsetMs;
  }

  private save(): void {
    try {
      storage()?.setItem(STATE_PREFIX + this.options.uid, JSON.stringify(this.state));
    } catch (error) {
      // Storage full: the state stays in memory; pending changes still reach the server this visit.
      console.warn('[sync] could not store the sync state', error);
    }
  }

  private publish(phase: SyncPhase, error: SyncErrorKind | null = null): void {
    publishStatus({
      uid: this.options.uid,
      phase,
      lastSyncedAt: this.state.lastSyncedAt,
      pending: Object.keys(this.state.pending).length,
      error,
    });
  }

  /** Local changes since the last look become pending changes; answers whether there were any. */
  private record(): boolean {
    if (this.state.epoch === null || isSyncOptedOut(this.options.uid)) return false;
    const { state, recorded } = recordLocalChanges(
      this.state,
      extractLocal(currentLibrary()),
      this.now(),
      this.node,
    );
    if (recorded === 0) return false;
    this.state = state;
    this.save();
    this.publish(navigator.onLine ? 'syncing' : 'offline');
    return true;
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      await this.syncOnce();
      this.failures = 0;
    } catch (error) {
      if (this.stopped) return;
      const kind = error instanceof SyncHttpError ? error.kind : 'server';
      if (kind === 'reset') {
        this.resetAfterDeletion();
        return;
      }
      this.failures++;
      const retryAfter = error instanceof SyncHttpError ? error.retryAfterMs : null;
      this.publish(kind === 'network' ? 'offline' : 'error', kind);
      this.schedule(retryAfter ?? backoffMs(this.failures));
      if (!(error instanceof SyncHttpError)) console.warn('[sync] failed', error);
    } finally {
      this.running = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.schedule(0);
      }
    }
  }

  private async syncOnce(): Promise<void> {
    if (isSyncOptedOut(this.options.uid)) {
      this.publish('off');
      return;
    }
    if (!navigator.onLine) {
      this.publish('offline', 'network');
      return;
    }
    this.publish('syncing');
    const token = await this.options.getToken();
    if (!token) throw new SyncHttpError('signedOut', 30_000);
    if (this.state.epoch === null) {
      await this.firstSync(token);
    } else {
      this.record();
      await this.pushAll(token);
      await this.pullAll(token);
    }
    if (this.stopped) return;
    this.state = { ...this.state, lastSyncedAt: new Date().toISOString() };
    this.save();
    this.publish(Object.keys(this.state.pending).length > 0 ? 'syncing' : 'idle');
    if (Object.keys(this.state.pending).length > 0) this.schedule(0);
  }

  /**
   * The first sync of this user on this device: the account's library and the local one merge
   * (sync-core applyRemote's firstSync rules), unless the local library belongs to another
   * account that synced on this device, which it then replaces: one person's library never goes
   * into another's account.
   */
  private async firstSync(token: string): Promise<void> {
    const owner = storage()?.getItem(OWNER_KEY) ?? null;
    const replacing = owner !== null && owner !== this.options.uid;
    const entries: RemoteEntry[] = [];
    let cursor = 0;
    let epoch = '';
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${cursor}`);
      entries.push(...page.entries);
      cursor = page.version;
      epoch = page.epoch;
      if (!page.more) break;
    }
    if (this.stopped) return;
    const base = replacing ? emptyLibrary() : currentLibrary();
    const before = libraryCounts(extractLocal(base));
    const hadLocal = before.ratings + before.lists > 0;
    const merged = applyRemote(emptySyncState(), extractLocal(base), entries, { firstSync: !replacing });
    this.applying = true;
    try {
      writeLibrary(applyWrites(base, merged.writes));
    } finally {
      this.applying = false;
    }
    let state: SyncState = { ...merged.state, cursor, epoch };
    const local = extractLocal(currentLibrary());
    state = settleShadow(
      state,
      local,
      merged.writes.map((entry) => entryId(entry.kind, entry.key)),
    );
    this.state = recordLocalChanges(state, local, this.now(), this.node).state;
    this.save();
    try {
      storage()?.setItem(OWNER_KEY, this.options.uid);
    } catch {
      // Blocked storage: the next sign-in merges again, which loses nothing.
    }
    await this.pushAll(token);
    if (!replacing && hadLocal) this.options.onMerged?.(libraryCounts(local));
  }

  private async pushAll(token: string): Promise<void> {
    for (const batch of batches(this.state.pending, MAX_PUSH_CHANGES / 2, PUSH_BYTES)) {
      if (this.stopped) return;
      await this.request<PushAnswer>('POST', '', token, {
        epoch: this.state.epoch,
        changes: batch.map(wireChange),
      });
      this.state = acknowledge(this.state, batch);
      this.save();
      this.publish('syncing');
    }
  }

  private async pullAll(token: string): Promise<void> {
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${this.state.cursor}`, token);
      if (this.stopped) return;
      if (page.epoch !== this.state.epoch) throw new SyncHttpError('reset');
      this.applyPage(page);
      if (!page.more) return;
    }
  }

  private applyPage(page: PullAnswer): void {
    const result = applyRemote(this.state, extractLocal(currentLibrary()), page.entries);
    this.state = { ...result.state, cursor: Math.max(result.state.cursor, page.version) };
    if (result.writes.length > 0) {
      this.applying = true;
      try {
        writeLibrary(applyWrites(currentLibrary(), result.writes));
      } finally {
        this.applying = false;
      }
      this.state = settleShadow(
        this.state,
        extractLocal(currentLibrary()),
        result.writes.map((entry) => entryId(entry.kind, entry.key)),
      );
    }
    this.save();
  }

  /** The user's synced data was deleted (here or on another device): stop syncing on this device. */
  private resetAfterDeletion(): void {
    this.state = emptySyncState();
    try {
      storage()?.removeItem(STATE_PREFIX + this.options.uid);
    } catch {
      // Nothing stored to remove.
    }
    setSyncOptOut(this.options.uid, true);
    this.publish('off', 'reset');
  }

  private async request<T>(
    method: 'GET' | 'POST',
    query: string,
    knownToken?: string,
    body?: unknown,
  ): Promise<T> {
    const token = knownToken ?? (await this.options.getToken());
    if (!token) throw new SyncHttpError('signedOut', 30_000);
    let response: Response;
    try {
      response = await fetch(`${ENDPOINT}${query}`, {
        method,
        cache: 'no-store',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new SyncHttpError('network');
    }
    if (response.status === 409) throw new SyncHttpError('reset');
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      throw new SyncHttpError('server', Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null);
    }
    if (response.status === 401) throw new SyncHttpError('signedOut', 30_000);
    if (response.status === 400 || response.status === 413)
      throw new SyncHttpError('rejected', MAX_BACKOFF_MS);
    if (!response.ok) throw new SyncHttpError('server');
    let answer: T & { serverTime?: unknown };
    try {
      answer = (await response.json()) as T & { serverTime?: unknown };
    } catch {
      throw new SyncHttpError('server');
    }
    if (typeof answer.serverTime === 'number') this.offsetMs = answer.serverTime - Date.now();
    return answer;
  }
}

let current: LibrarySyncEngine | null = null;

/** Starts syncing `uid`'s library in this tab (one engine per tab); answers a stop function. */
export function startLibrarySync(options: EngineOptions): () => void {
  current?.stop();
  const engine = new LibrarySyncEngine(options);
  current = engine;
  engine.start();
  return () => {
    engine.stop();
    if (current === engine) current = null;
  };
}

/** Turns syncing on or off on this device for `uid` ("Manter dados só neste aparelho"). */
export function setSyncEnabled(uid: string, enabled: boolean): void {
  setSyncOptOut(uid, !enabled);
  if (current) current.broadcastReload();
  else publishStatus({ uid, phase: enabled ? 'idle' : 'off', lastSyncedAt: null, pending: 0, error: null });
}

/**
 * "Apagar meus dados sincronizados": deletes every synced entry and tombstone of the user on the
 * server; this device keeps its local library and stops syncing (turning sync on again uploads it
 * anew). Throws when the server could not be reached or refused.
 */
export async function deleteSyncedData(uid: string, token: string): Promise<void> {
  const response = await fetch(ENDPOINT, {
    method: 'DELETE',
    cache: 'no-store',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`delete failed: HTTP ${response.status}`);
  try {
    storage()?.removeItem(STATE_PREFIX + uid);
  } catch {
    // Nothing stored.
  }
  setSyncOptOut(uid, true);
  publishStatus({ uid, phase: 'off', lastSyncedAt: null, pending: 0, error: null });
  current?.broadcastReload();
}

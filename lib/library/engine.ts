import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { emptyLists, useListsStore } from '@/lib/stores/lists-store';
import { browserStorage, readJson } from '@/lib/stores/local-storage';
import { DEFAULT_PREFERENCES, useNotificationsStore } from '@/lib/stores/notifications-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { newNodeId } from './hlc';
import {
  entryId,
  LIBRARY_FULL,
  MAX_PUSH_CHANGES,
  RESYNC_AFTER_MS,
  type PullAnswer,
  type PushAnswer,
  type RemoteEntry,
} from './protocol';
import {
  clearStatus,
  isSyncOptedOut,
  publishStatus,
  setSyncOptOut,
  type RefusedSummary,
  type SyncErrorKind,
  type SyncPhase,
} from './status';
import {
  acknowledge,
  applyRemote,
  applyWrites,
  batches,
  dropVanished,
  emptySyncState,
  extractLocal,
  libraryCounts,
  pendingAsEntries,
  recordLocalChanges,
  restartState,
  retryRefused,
  sanitizeSyncState,
  setAside,
  settleShadow,
  wireChange,
  type LocalLibrary,
  type PendingChange,
  type SyncState,
} from './sync-core';

/**
 * Runs a signed-in user's library sync in the browser (the logic is sync-core.ts).
 *
 * - Local first: the stores write localStorage at once, as always; this engine notices each change
 *   (whatever made it: a click, an import, another tab) and pushes it. Changes wait in the sync
 *   state in localStorage while offline or while pushes fail, and are retried with back-off.
 * - One tab syncs: the tabs of a browser elect a leader with the Web Locks API, and only the
 *   leader records and pushes changes (other tabs' changes reach it through `storage` events), so
 *   a change is pushed once. Other tabs ask the leader to sync over a BroadcastChannel.
 * - Each sync pulls, then pushes: a push the server refuses never holds up pulls. A batch refused
 *   for its size (413, from the app or from a proxy in front) or its content (400) is split; a
 *   single change refused is set aside and listed in Settings › Conta, and the rest go on.
 * - Pulls happen at sign-in, when a tab regains focus or becomes visible, and every 30 s while a
 *   tab is visible.
 *
 * The library is what the ratings, lists, dismissed-suggestions and notification-preferences stores
 * hold. Accounts never mix on a device. The stores hold one library at a time, and OWNER_KEY says
 * whose: an account's (uid), or nobody's (absent: a visitor's data, or nothing). Each account's
 * sync state (shadow, epoch, cursor, pending changes) is kept by uid, and is compared with the
 * stores only while the stores are that account's. When an account signs in and the stores are
 * not its own, they are first made its own ("adopt"):
 *   - another account's copy (kept at its sign-out) is recorded as that account's own changes
 *     (sent at its next sign-in here) and replaced;
 *   - data of no account is merged only if the person says so (`confirmMerge`); otherwise it is set
 *     aside on the device and comes back when the account signs out removing its data;
 *   - the account's own unsent changes are written back, and the first sync merges with the server.
 */

const STATE_PREFIX = 'anime-master-sync:';
const NODE_KEY = 'anime-master-sync-node';
/** The account whose library the stores hold; absent = nobody's. */
const OWNER_KEY = 'anime-master-sync-owner';
/** A visitor's library set aside when the account that signed in did not take it in. */
const STASH_KEY = 'anime-master-sync-device-library';
const LOCK_NAME = 'anime-master-library-sync';
const CHANNEL_NAME = 'anime-master-library-sync';
export const PULL_INTERVAL_MS = 30_000;
const PUSH_DELAY_MS = 300;
const MAX_BACKOFF_MS = 5 * 60_000;
const PUSH_BYTES = 1024 * 1024;
/** Longest wait for the last push before signing out. */
const FLUSH_TIMEOUT_MS = 5000;
const ENDPOINT = '/api/library';
/** Refused changes listed in the status (the count says how many in all). */
const REFUSED_SHOWN = 20;

class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    readonly retryAfterMs: number | null = null,
    readonly status = 0,
    readonly serverMessage: string | null = null,
    readonly limit: number | null = null,
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
  /**
   * The device holds data of no account: may it join this account? Nothing is merged until this
   * answers true; without it, nothing is merged.
   */
  confirmMerge?: (counts: MergeCounts) => Promise<boolean>;
  /** The first sync merged the device's data (as confirmed) into the account: what it now holds. */
  onMerged?: (counts: MergeCounts) => void;
}

function storage(): Storage | null {
  return browserStorage();
}

function loadState(uid: string): SyncState {
  return sanitizeSyncState(readJson(STATE_PREFIX + uid));
}

function saveState(uid: string, state: SyncState): void {
  storage()?.setItem(STATE_PREFIX + uid, JSON.stringify(state));
}

function readOwner(): string | null {
  try {
    return storage()?.getItem(OWNER_KEY) || null;
  } catch {
    return null;
  }
}

function writeOwner(uid: string | null): void {
  try {
    if (uid) storage()?.setItem(OWNER_KEY, uid);
    else storage()?.removeItem(OWNER_KEY);
  } catch {
    // Blocked storage: nothing to remember it in (and nothing kept across visits either).
  }
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
    dismissed: useDismissedStore.getState().dismissed,
  };
}

function emptyLibrary(): LocalLibrary {
  return {
    ratings: { ratings: {}, entries: {} },
    lists: { lists: emptyLists(), entries: {} },
    prefs: { ...DEFAULT_PREFERENCES },
    dismissed: {},
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
function stash(library: LocalLibrary): void {
  const before = readStash();
  const combined = before ? applyWrites(before, asEntries(library)) : library;
  storage()?.setItem(STASH_KEY, JSON.stringify({ entries: asEntries(combined) }));
}

function takeStash(): LocalLibrary | null {
  const library = readStash();
  try {
    storage()?.removeItem(STASH_KEY);
  } catch {
    // Nothing stored.
  }
  return library;
}

/**
 * The stores hold `owner`'s copy and are about to change hands: whatever the copy has that
 * `owner`'s account does not (changes made since its last sync, or while its sync was off) is
 * recorded as `owner`'s pending changes, sent at its next sign-in on this device.
 */
function keepOwnersChanges(owner: string, library: LocalLibrary, now: number, node: string): void {
  const { state, recorded } = recordLocalChanges(loadState(owner), extractLocal(library), now, node);
  if (recorded > 0) saveState(owner, state);
}

function backoffMs(failures: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.min(failures - 1, 10));
  return Math.round(base * (0.5 + Math.random() / 2));
}

function refusedSummary(state: SyncState): RefusedSummary[] {
  return Object.values(state.refused)
    .slice(0, REFUSED_SHOWN)
    .map((change) => {
      const data = change.data as { snapshot?: { title?: string | null } | null } | null;
      return {
        kind: change.kind,
        key: change.key,
        title: data?.snapshot?.title ?? null,
        reason: change.reason,
      };
    });
}

type Message = { type: 'sync' } | { type: 'reload' } | { type: 'retry' } | { type: 'finish'; uid: string };

export class LibrarySyncEngine {
  private state: SyncState;
  private readonly node = nodeId();
  private leader = false;
  private stopped = false;
  private applying = false;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private offsetMs = 0;
  /** Changes per push: halved when a proxy or the app refuses a batch for its size. */
  private maxBatch = MAX_PUSH_CHANGES / 2;
  /** The server's bound of entries, while the account is full. */
  private full: number | null = null;
  /** The person agreed to merge the device's data: the first sync says what the library holds. */
  private announce = false;
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

  get uid(): string {
    return this.options.uid;
  }

  start(): void {
    const onMessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message?.type === 'reload') this.reload();
      else if (message?.type === 'sync' && this.leader) this.schedule(0);
      else if (message?.type === 'retry' && this.leader) this.retry();
      else if (message?.type === 'finish' && message.uid === this.options.uid) void this.finish();
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

  /**
   * Before signing out: the leading tab sends what is still pending (for a few seconds at most),
   * then every tab of this user stops syncing.
   */
  async finish(broadcast = false): Promise<void> {
    if (broadcast) this.channel?.postMessage({ type: 'finish', uid: this.options.uid } satisfies Message);
    if (this.leader && !this.stopped) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.flush().catch(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    }
    this.stop();
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    while (this.running) await this.running;
    if (this.stopped || this.state.epoch === null || readOwner() !== this.options.uid) return;
    if (isSyncOptedOut(this.options.uid) || !navigator.onLine) return;
    const token = await this.options.getToken();
    if (!token) return;
    this.record();
    await this.pushAll(token);
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

  /** Refused changes are queued again ('Tentar novamente' in Settings › Conta). */
  retry(): void {
    if (this.stopped) return;
    if (!this.leader) {
      this.channel?.postMessage({ type: 'retry' } satisfies Message);
      return;
    }
    this.state = retryRefused(this.state);
    this.maxBatch = MAX_PUSH_CHANGES / 2;
    this.save();
    this.publish('syncing');
    this.schedule(0);
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
      useDismissedStore.subscribe((state, previous) => {
        if (state.dismissed !== previous.dismissed) onChange();
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
      saveState(this.options.uid, this.state);
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
      refused: refusedSummary(this.state),
      refusedCount: Object.keys(this.state.refused).length,
      limit: this.full,
    });
  }

  private write(library: LocalLibrary): void {
    this.applying = true;
    try {
      writeLibrary(library);
    } finally {
      this.applying = false;
    }
  }

  /** Local changes since the last look become pending changes; answers whether there were any. */
  private record(): boolean {
    if (this.state.epoch === null || isSyncOptedOut(this.options.uid)) return false;
    // The stores are compared with this account's state only while they hold its library.
    if (readOwner() !== this.options.uid) return false;
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

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.schedule(0);
      }
    });
    return this.running;
  }

  private async runOnce(): Promise<void> {
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
    }
  }

  private async syncOnce(): Promise<void> {
    if (readOwner() !== this.options.uid && !(await this.adopt())) return;
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
      // Pulls first: whatever happens to the pushes, this device keeps receiving.
      await this.pullAll(token);
      await this.pushAll(token);
    }
    if (this.stopped) return;
    this.state = { ...this.state, lastSyncedAt: new Date().toISOString() };
    this.save();
    if (this.full !== null) {
      this.publish('error', 'full');
      this.schedule(MAX_BACKOFF_MS);
      return;
    }
    const pending = Object.keys(this.state.pending).length > 0;
    this.publish(pending ? 'syncing' : 'idle');
    if (pending) this.schedule(0);
  }

  /**
   * Makes the stores this account's (see the class comment). Answers false when it did not happen
   * (the engine stopped while the person was asked).
   */
  private async adopt(): Promise<boolean> {
    const uid = this.options.uid;
    const owner = readOwner();
    const library = currentLibrary();
    const counts = libraryCounts(extractLocal(library));
    let base: LocalLibrary;
    let announce = false;
    if (owner !== null) {
      keepOwnersChanges(owner, library, this.now(), this.node);
      base = emptyLibrary();
    } else if (counts.ratings + counts.lists > 0) {
      const merge = this.options.confirmMerge ? await this.options.confirmMerge(counts) : false;
      if (this.stopped) return false;
      // A sign-out or another tab acted while the question was open.
      if (readOwner() !== owner) {
        this.state = loadState(uid);
        return readOwner() === uid;
      }
      if (merge) {
        base = currentLibrary();
        announce = true;
      } else {
        stash(currentLibrary());
        base = emptyLibrary();
      }
    } else if (Object.keys(library.dismissed).length > 0) {
      // Dismissals left without ratings or lists: set aside unasked (they join an account only
      // with the ratings and lists they came from); the preferences, a device setting, go along.
      stash(library);
      base = { ...library, dismissed: {} };
    } else {
      // Only notification preferences, a device setting: they go along.
      base = library;
    }
    const state = restartState(loadState(uid));
    this.write(applyWrites(base, pendingAsEntries(state)));
    writeOwner(uid);
    this.state = state;
    this.announce = announce;
    this.save();
    return true;
  }

  /**
   * The first sync of this user since the stores became theirs: the account's library and the
   * stores merge (sync-core applyRemote's firstSync rules), then the stores' differences are pushed.
   */
  private async firstSync(token: string): Promise<void> {
    const entries: RemoteEntry[] = [];
    let cursor = 0;
    let epoch = '';
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${cursor}`, token);
      entries.push(...page.entries);
      cursor = page.version;
      epoch = page.epoch;
      if (!page.more) break;
    }
    if (this.stopped || readOwner() !== this.options.uid) return;
    let start = this.state;
    // Unsent changes of an epoch since deleted stay in the stores and merge as local data.
    if (start.priorEpoch !== null && start.priorEpoch !== epoch)
      start = { ...start, pending: {}, refused: {} };
    start = { ...start, priorEpoch: null };
    const base = currentLibrary();
    const merged = applyRemote(start, extractLocal(base), entries, { firstSync: true });
    this.write(applyWrites(base, merged.writes));
    let state: SyncState = { ...merged.state, cursor, epoch };
    const local = extractLocal(currentLibrary());
    state = settleShadow(
      state,
      local,
      merged.writes.map((entry) => entryId(entry.kind, entry.key)),
    );
    this.state = recordLocalChanges(state, local, this.now(), this.node).state;
    this.save();
    await this.pushAll(token);
    // Says what the library holds now, the account's and the device's together.
    if (this.announce) this.options.onMerged?.(libraryCounts(local));
    this.announce = false;
  }

  /** Every pending change, in batches; a refused batch is split, a refused change set aside. */
  private async pushAll(token: string): Promise<void> {
    this.full = null;
    for (;;) {
      if (this.stopped) return;
      const [batch] = batches(this.state.pending, this.maxBatch, PUSH_BYTES);
      if (!batch) return;
      if (!(await this.pushBatch(token, batch))) return;
    }
  }

  /** Answers false when the account is full (nothing more can be pushed now). */
  private async pushBatch(token: string, batch: PendingChange[]): Promise<boolean> {
    try {
      await this.request<PushAnswer>('POST', '', token, {
        epoch: this.state.epoch,
        changes: batch.map(wireChange),
      });
    } catch (error) {
      if (!(error instanceof SyncHttpError)) throw error;
      if (error.kind === 'full') {
        this.full = error.limit;
        return false;
      }
      if (error.kind !== 'rejected') throw error;
      if (batch.length > 1) {
        if (error.status === 413) this.maxBatch = Math.max(1, Math.floor(batch.length / 2));
        const middle = Math.ceil(batch.length / 2);
        return (
          (await this.pushBatch(token, batch.slice(0, middle))) &&
          (await this.pushBatch(token, batch.slice(middle)))
        );
      }
      this.state = setAside(
        this.state,
        batch[0]!,
        error.status === 413 ? 'tooLarge' : 'invalid',
        error.serverMessage,
      );
      this.save();
      this.publish('syncing');
      return true;
    }
    this.state = acknowledge(this.state, batch);
    this.save();
    this.publish('syncing');
    return true;
  }

  private async pullAll(token: string): Promise<void> {
    const last = this.state.lastSyncedAt ? Date.parse(this.state.lastSyncedAt) : NaN;
    // Away longer than tombstones are kept: everything again, and what vanished is removed.
    const whole = this.state.cursor > 0 && Number.isFinite(last) && Date.now() - last > RESYNC_AFTER_MS;
    const seen = whole ? new Set<string>() : null;
    let since = whole ? 0 : this.state.cursor;
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${since}`, token);
      if (this.stopped) return;
      if (page.epoch !== this.state.epoch) throw new SyncHttpError('reset');
      for (const entry of page.entries) seen?.add(entryId(entry.kind, entry.key));
      this.applyPage(page);
      since = page.version;
      if (!page.more) break;
    }
    if (seen) {
      const result = dropVanished(this.state, seen);
      this.state = result.state;
      if (result.writes.length > 0) this.write(applyWrites(currentLibrary(), result.writes));
      this.save();
    }
  }

  private applyPage(page: PullAnswer): void {
    const result = applyRemote(this.state, extractLocal(currentLibrary()), page.entries);
    this.state = { ...result.state, cursor: Math.max(result.state.cursor, page.version) };
    if (result.writes.length > 0) {
      this.write(applyWrites(currentLibrary(), result.writes));
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
    if (response.status === 400 || response.status === 413 || response.status === 422) {
      // The app answers JSON; a proxy in front (nginx's 413) answers a page of its own.
      const answer = (await response.json().catch(() => null)) as {
        error?: { code?: unknown; message?: unknown };
        limit?: unknown;
      } | null;
      const message = typeof answer?.error?.message === 'string' ? answer.error.message : null;
      if (answer?.error?.code === LIBRARY_FULL) {
        const limit = typeof answer.limit === 'number' ? answer.limit : null;
        throw new SyncHttpError('full', MAX_BACKOFF_MS, response.status, message, limit);
      }
      throw new SyncHttpError('rejected', MAX_BACKOFF_MS, response.status, message);
    }
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

/** What signing out does with the account's library on this device. */
export type SignOutChoice = 'keep' | 'remove';

/**
 * Before signing `uid` out: the last pending changes are sent (a few seconds at most) and every
 * tab stops syncing. 'keep' leaves the stores as a copy of the account's library (still the
 * account's: another account that signs in never receives it); 'remove' empties them and brings
 * back what a visitor had set aside. Changes the account has not received yet (offline, or sync
 * off) stay in its sync state on this device, unseen, and are sent at its next sign-in here.
 */
export async function endLibrarySession(uid: string, choice: SignOutChoice): Promise<void> {
  const engine = current?.uid === uid ? current : null;
  if (engine) await engine.finish(true);
  else if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage({ type: 'finish', uid } satisfies Message);
    channel.close();
  }
  if (choice === 'keep') return;
  const clear = () => {
    if (readOwner() === uid) {
      keepOwnersChanges(uid, currentLibrary(), Date.now(), nodeId());
      writeOwner(null);
    }
    writeLibrary(takeStash() ?? emptyLibrary());
    const left = loadState(uid);
    try {
      if (Object.keys(left.pending).length + Object.keys(left.refused).length > 0)
        saveState(uid, restartState(left));
      else storage()?.removeItem(STATE_PREFIX + uid);
    } catch {
      // Storage blocked: nothing was kept either.
    }
    clearStatus(uid);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    clear();
    return;
  }
  // The leading tab (maybe another one) holds the lock until it has finished.
  await locks
    .request(LOCK_NAME, { signal: AbortSignal.timeout(FLUSH_TIMEOUT_MS + 2000) }, () => clear())
    .catch(() => clear());
}

/** Queues the changes the server refused again ('Tentar novamente'). */
export function retryRefusedChanges(uid: string): void {
  if (current?.uid === uid) current.retry();
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

import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { useListsStore } from '@/lib/stores/lists-store';
import { useNotificationsStore } from '@/lib/stores/notifications-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { postToTabs, TabLeadership, whenNoTabLeads, type TabMessage } from './leadership';
import {
  currentLibrary,
  emptyLibrary,
  keepOwnersChanges,
  loadState,
  nodeId,
  readOwner,
  removeAccount,
  removeState,
  saveState,
  stash,
  unsentChanges,
  writeLibrary,
  writeOwner,
  type MergeCounts,
} from './ownership';
import {
  CLOCK_TOLERANCE_MS,
  entryId,
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
  resendAll,
  restampAhead,
  restartState,
  retryRefused,
  setAside,
  settleShadow,
  splitForFullLibrary,
  wireChange,
  type LocalLibrary,
  type PendingChange,
  type SyncState,
} from './sync-core';
import { ENDPOINT, libraryRequest, MAX_BACKOFF_MS, ServerClock, SyncHttpError } from './transport';

export type { MergeCounts } from './ownership';

/**
 * The sync loop of a signed-in fan's library in the browser. The pieces around it: sync-core.ts
 * (the rules, as pure functions), leadership.ts (which tab syncs), transport.ts (the requests and
 * the server's clock), ownership.ts (whose library the stores hold, what each account keeps here).
 *
 * - Local first: the stores write localStorage at once, as always; the leading tab notices each
 *   change (whatever made it: a click, an import, another tab) and pushes it. Changes wait in the
 *   sync state in localStorage while offline or while pushes fail, and are retried with back-off.
 * - Each sync pulls, then pushes: a push the server refuses never holds up pulls. A batch refused
 *   for its size (413, from the app or from a proxy in front) or its content (400) is split; a
 *   single change refused is set aside and listed in Settings › Conta, and the rest go on. When the
 *   library is full, only the changes that add entries wait (listed too): removals and edits go.
 * - Stamps use the server-corrected time (the offset is kept across reloads); a change stamped
 *   while the device's clock ran ahead is stamped again before it is sent.
 * - The server's database may go back in time (another generation): the device then sends again
 *   everything it holds, with its stamps. A new epoch with the same generation is the fan's own
 *   deletion of their synced data: the device stops syncing instead.
 * - Pulls happen at sign-in, when a tab regains focus or becomes visible, and every 30 s while a
 *   tab is visible.
 *
 * When an account signs in and the stores are not its own, they are first made its own ("adopt"):
 *   - another account's copy (kept at its sign-out) is recorded as that account's own changes
 *     (sent at its next sign-in here) and replaced;
 *   - data of no account is merged only if the person says so (`confirmMerge`, asked in every tab
 *     of the account); otherwise it is set aside and comes back when the account signs out
 *     removing its data;
 *   - the account's own unsent changes are written back, and the first sync merges with the server.
 */

export const PULL_INTERVAL_MS = 30_000;
const PUSH_DELAY_MS = 300;
const PUSH_BYTES = 1024 * 1024;
/** Longest wait for the last push before signing out. */
const FLUSH_TIMEOUT_MS = 5000;
/** Refused changes listed in the status (the count says how many in all). */
const REFUSED_SHOWN = 20;

export interface EngineOptions {
  uid: string;
  getToken: () => Promise<string | null>;
  /**
   * The device holds data of no account: may it join this account? Nothing is merged until this
   * answers true; without it, nothing is merged. Asked in every tab of the account; `signal`
   * aborts when another tab answered (or the question no longer stands).
   */
  confirmMerge?: (counts: MergeCounts, signal: AbortSignal) => Promise<boolean>;
  /** The first sync merged the device's data (as confirmed) into the account: what it now holds. */
  onMerged?: (counts: MergeCounts) => void;
  /** The server's clock as this device tells it (transport.ts); a new one reads the stored offset. */
  clock?: ServerClock;
}

function backoffMs(failures: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.min(failures - 1, 10));
  return Math.round(base * (0.5 + Math.random() / 2));
}

function summary(change: PendingChange, reason: RefusedSummary['reason']): RefusedSummary {
  const data = change.data as { snapshot?: { title?: string | null } | null } | null;
  return { kind: change.kind, key: change.key, title: data?.snapshot?.title ?? null, reason };
}

function questionId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class LibrarySyncEngine {
  private state: SyncState;
  private readonly node = nodeId();
  private readonly clock: ServerClock;
  private readonly tabs: TabLeadership;
  private stopped = false;
  private applying = false;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  /** Changes per push: halved when a proxy or the app refuses a batch for its size. */
  private maxBatch = MAX_PUSH_CHANGES / 2;
  /** The account is full: its bound (when the server named it) and the changes waiting for room. */
  private full: { limit: number | null; held: PendingChange[] } | null = null;
  /** The person agreed to merge the device's data: the first sync says what the library holds. */
  private announce = false;
  /** The leader's open merge question: an answer from any tab settles it. */
  private question: { id: string; counts: MergeCounts; settle: (merge: boolean | null) => void } | null =
    null;
  /** The leader's question as this (other) tab shows it. */
  private shown: { id: string; abort: AbortController } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly options: EngineOptions) {
    this.state = loadState(options.uid);
    this.clock = options.clock ?? new ServerClock();
    this.tabs = new TabLeadership(
      () => this.lead(),
      (message) => this.onMessage(message),
    );
  }

  get uid(): string {
    return this.options.uid;
  }

  private get leader(): boolean {
    return this.tabs.leader && !this.stopped;
  }

  start(): void {
    const wake = () => {
      if (document.visibilityState === 'visible') this.requestSync();
    };
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', wake);
    const online = () => this.requestSync();
    window.addEventListener('online', online);
    // A page left behind (kept in the back-forward cache, or unloading) must not keep leading:
    // the page the fan went to would wait for the lock, and its changes with it.
    const leave = () => this.stop();
    window.addEventListener('pagehide', leave);
    this.cleanups.push(() => {
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leave);
    });
    this.interval = setInterval(wake, PULL_INTERVAL_MS);
    this.tabs.start();
    // A tab that does not lead says it is there: the leader asks it an open question too.
    if (!this.tabs.leader) this.tabs.post({ type: 'sync' });
  }

  stop(): void {
    this.stopped = true;
    this.question?.settle(null);
    this.shown?.abort.abort();
    this.tabs.stop();
    clearTimeout(this.timer);
    clearInterval(this.interval);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  private onMessage(message: TabMessage): void {
    if (message.type === 'reload') this.reload();
    else if (message.type === 'sync' && this.leader) {
      if (this.question) this.postQuestion();
      this.schedule(0);
    } else if (message.type === 'retry' && this.leader) this.retry();
    else if (message.type === 'finish' && message.uid === this.options.uid) void this.finish();
    else if (message.type === 'ask' && message.uid === this.options.uid && !this.leader) this.show(message);
    else if (message.type === 'answer' && message.uid === this.options.uid) {
      if (this.question?.id === message.id) this.question.settle(message.merge);
      if (this.shown?.id === message.id) {
        this.shown.abort.abort();
        this.shown = null;
      }
    }
  }

  /** Another tab leads and asks: this tab shows the question too, and says the answer. */
  private show({ id, counts }: { id: string; counts: MergeCounts }): void {
    if (!this.options.confirmMerge || this.shown?.id === id) return;
    this.shown?.abort.abort();
    const abort = new AbortController();
    this.shown = { id, abort };
    void this.options.confirmMerge(counts, abort.signal).then((merge) => {
      if (abort.signal.aborted) return;
      this.shown = null;
      this.tabs.post({ type: 'answer', uid: this.options.uid, id, merge });
    });
  }

  private postQuestion(): void {
    if (!this.question) return;
    const { id, counts } = this.question;
    this.tabs.post({ type: 'ask', uid: this.options.uid, id, counts });
  }

  /** The merge question, in this tab and in every other tab of the account; the first answer counts. */
  private async ask(counts: MergeCounts): Promise<boolean> {
    const confirm = this.options.confirmMerge;
    if (!confirm) return false;
    const id = questionId();
    const local = new AbortController();
    const answered = new Promise<boolean | null>((resolve) => {
      this.question = { id, counts, settle: resolve };
    });
    this.postQuestion();
    const here = confirm(counts, local.signal);
    const merge = await Promise.race([answered, here]);
    local.abort();
    this.question = null;
    // Closes the question wherever it is still shown.
    this.tabs.post({ type: 'answer', uid: this.options.uid, id, merge: null });
    return merge === true;
  }

  /**
   * Before signing out: the leading tab sends what is still pending (for a few seconds at most),
   * then every tab of this user stops syncing.
   */
  async finish(broadcast = false): Promise<void> {
    if (broadcast) this.tabs.post({ type: 'finish', uid: this.options.uid });
    if (this.leader) {
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
    else this.tabs.post({ type: 'sync' });
  }

  /** The sync state changed in storage (deleted data, opt-out): read it again and sync. */
  reload(): void {
    this.state = loadState(this.options.uid);
    if (this.leader) this.schedule(0);
  }

  broadcastReload(): void {
    this.tabs.post({ type: 'reload' });
    this.reload();
  }

  /** Refused changes are queued again ('Tentar novamente' in Settings › Conta). */
  retry(): void {
    if (this.stopped) return;
    if (!this.leader) {
      this.tabs.post({ type: 'retry' });
      return;
    }
    this.state = retryRefused(this.state);
    this.maxBatch = MAX_PUSH_CHANGES / 2;
    this.full = null;
    this.save();
    this.publish('syncing');
    this.schedule(0);
  }

  private lead(): void {
    if (this.stopped) return;
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
    if (!this.leader) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
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
    const held = this.full?.held ?? [];
    const refused = [
      ...Object.values(this.state.refused).map((change) => summary(change, change.reason)),
      ...held.map((change) => summary(change, 'full')),
    ];
    publishStatus({
      uid: this.options.uid,
      phase,
      lastSyncedAt: this.state.lastSyncedAt,
      pending: Object.keys(this.state.pending).length,
      error,
      refused: refused.slice(0, REFUSED_SHOWN),
      refusedCount: refused.length,
      limit: this.full?.limit ?? null,
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
      this.clock.now(),
      this.node,
    );
    if (recorded === 0) return false;
    this.state = state;
    this.save();
    this.publish(navigator.onLine ? 'syncing' : 'offline');
    return true;
  }

  /** Pending changes stamped while this device's clock ran ahead are stamped again. */
  private restamp(): number {
    const { state, restamped } = restampAhead(this.state, this.clock.now(), this.node, CLOCK_TOLERANCE_MS);
    if (state !== this.state) {
      this.state = state;
      this.save();
    }
    return restamped;
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
        const generation = error instanceof SyncHttpError ? error.details.generation : null;
        // The server's database changed, not the fan's data: the next pull sends everything again.
        if (this.otherGeneration(generation)) this.schedule(0);
        else this.resetAfterDeletion();
        return;
      }
      this.failures++;
      const retryAfter = error instanceof SyncHttpError ? error.retryAfterMs : null;
      this.publish(kind === 'network' ? 'offline' : 'error', kind === 'clockAhead' ? 'rejected' : kind);
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
    if (this.full) {
      this.publish('error', 'full');
      this.schedule(MAX_BACKOFF_MS);
      return;
    }
    const pending = Object.keys(this.state.pending).length > 0;
    this.publish(pending ? 'syncing' : 'idle');
    if (pending) this.schedule(0);
  }

  /**
   * Makes the stores this account's (see the module comment). Answers false when it did not
   * happen (the engine stopped while the person was asked).
   */
  private async adopt(): Promise<boolean> {
    const uid = this.options.uid;
    const owner = readOwner();
    const library = currentLibrary();
    const counts = libraryCounts(extractLocal(library));
    let base: LocalLibrary;
    let announce = false;
    if (owner !== null) {
      keepOwnersChanges(owner, library, this.clock.now(), this.node);
      base = emptyLibrary();
    } else if (counts.ratings + counts.lists > 0) {
      const merge = await this.ask(counts);
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

  /** `generation` is another than the one this device last synced with. */
  private otherGeneration(generation: string | null | undefined): boolean {
    return (
      typeof generation === 'string' && this.state.generation !== null && generation !== this.state.generation
    );
  }

  /**
   * The first sync of this user since the stores became theirs: the account's library and the
   * stores merge (sync-core applyRemote's firstSync rules), then the stores' differences are pushed.
   */
  private async firstSync(token: string): Promise<void> {
    const entries: RemoteEntry[] = [];
    let cursor = 0;
    let epoch = '';
    let generation: string | null = null;
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${cursor}`, token);
      entries.push(...page.entries);
      cursor = page.version;
      epoch = page.epoch;
      generation = page.generation ?? null;
      if (!page.more) break;
    }
    if (this.stopped || readOwner() !== this.options.uid) return;
    let start = this.state;
    // Unsent changes of an epoch since deleted stay in the stores and merge as local data; those
    // of a server that went back in time (another generation) are still the account's changes.
    if (start.priorEpoch !== null && start.priorEpoch !== epoch && !this.otherGeneration(generation))
      start = { ...start, pending: {}, refused: {} };
    start = { ...start, priorEpoch: null };
    const base = currentLibrary();
    const merged = applyRemote(start, extractLocal(base), entries, { firstSync: true });
    this.write(applyWrites(base, merged.writes));
    let state: SyncState = { ...merged.state, cursor, epoch, generation };
    const local = extractLocal(currentLibrary());
    state = settleShadow(
      state,
      local,
      merged.writes.map((entry) => entryId(entry.kind, entry.key)),
    );
    this.state = recordLocalChanges(state, local, this.clock.now(), this.node).state;
    this.save();
    await this.pushAll(token);
    // Says what the library holds now, the account's and the device's together.
    if (this.announce) this.options.onMerged?.(libraryCounts(local));
    this.announce = false;
  }

  /**
   * Every pending change, in batches; a refused batch is split, a refused change set aside. When
   * the library is full, the changes that would add entries wait (`full.held`) and the others go
   * on; once removals went through, the waiting ones are tried once more.
   */
  private async pushAll(token: string): Promise<void> {
    this.full = null;
    this.restamp();
    const held = new Set<string>();
    for (let pass = 0; pass < 2; pass++) {
      let freed = false;
      for (;;) {
        if (this.stopped) return;
        const waiting: Record<string, PendingChange> = {};
        for (const [id, change] of Object.entries(this.state.pending))
          if (!held.has(id)) waiting[id] = change;
        const [batch] = batches(waiting, this.maxBatch, PUSH_BYTES);
        if (!batch) break;
        if (await this.pushBatch(token, batch, held)) freed = true;
      }
      if (held.size === 0 || !freed) break;
      held.clear();
    }
    if (held.size > 0) {
      const waiting = [...held].flatMap((id) => (this.state.pending[id] ? [this.state.pending[id]] : []));
      const limit = (this.full as { limit: number | null } | null)?.limit ?? null;
      this.full = { limit, held: waiting };
    }
  }

  /**
   * One batch. Changes the full library cannot take join `held`. Answers whether a removal went
   * through (room may have been made).
   */
  private async pushBatch(token: string, batch: PendingChange[], held: Set<string>): Promise<boolean> {
    try {
      await this.request<PushAnswer>('POST', '', token, {
        epoch: this.state.epoch,
        changes: batch.map(wireChange),
      });
    } catch (error) {
      if (!(error instanceof SyncHttpError)) throw error;
      // The refusal brought the server's time: stamped again, the batch goes in the next round.
      if (error.kind === 'clockAhead' && this.restamp() > 0) return false;
      if (error.kind === 'full') return this.keepWhatFits(token, batch, held, error);
      if (error.kind !== 'rejected' && error.kind !== 'clockAhead') throw error;
      if (batch.length > 1) {
        if (error.status === 413) this.maxBatch = Math.max(1, Math.floor(batch.length / 2));
        const middle = Math.ceil(batch.length / 2);
        const first = await this.pushBatch(token, batch.slice(0, middle), held);
        const second = await this.pushBatch(token, batch.slice(middle), held);
        return first || second;
      }
      this.state = setAside(
        this.state,
        batch[0]!,
        error.status === 413 ? 'tooLarge' : 'invalid',
        error.serverMessage,
      );
      this.save();
      this.publish('syncing');
      return false;
    }
    this.state = acknowledge(this.state, batch);
    this.save();
    this.publish('syncing');
    return batch.some((change) => change.deleted);
  }

  /** A batch refused because the library is full: what the server kept, or what can go without room. */
  private async keepWhatFits(
    token: string,
    batch: PendingChange[],
    held: Set<string>,
    error: SyncHttpError,
  ): Promise<boolean> {
    this.full = { limit: error.details.limit ?? this.full?.limit ?? null, held: [] };
    const refused = error.details.refused;
    if (refused) {
      // The server kept the rest of the batch.
      const out = new Set(refused);
      const kept = batch.filter((change) => !out.has(entryId(change.kind, change.key)));
      for (const id of out) held.add(id);
      this.state = acknowledge(this.state, kept);
      this.save();
      this.publish('syncing');
      return kept.some((change) => change.deleted);
    }
    // An older server wrote nothing: what this device knows cannot add an entry goes alone.
    const { frees, adds } = splitForFullLibrary(this.state, batch);
    for (const change of adds.length > 0 ? adds : frees) held.add(entryId(change.kind, change.key));
    if (adds.length === 0 || frees.length === 0) return false;
    return this.pushBatch(token, frees, held);
  }

  private async pullAll(token: string): Promise<void> {
    const last = this.state.lastSyncedAt ? Date.parse(this.state.lastSyncedAt) : NaN;
    // Away longer than tombstones are kept: everything again, and what vanished is removed.
    const whole = this.state.cursor > 0 && Number.isFinite(last) && Date.now() - last > RESYNC_AFTER_MS;
    let seen = whole ? new Set<string>() : null;
    let since = whole ? 0 : this.state.cursor;
    for (;;) {
      const page = await this.request<PullAnswer>('GET', `?since=${since}`, token);
      if (this.stopped) return;
      if (this.otherGeneration(page.generation)) {
        this.resendEverything(page);
        seen = null;
        since = 0;
        continue;
      }
      if (page.generation && this.state.generation === null)
        this.state = { ...this.state, generation: page.generation };
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

  /**
   * The server's database went back in time: everything this device holds is pending again, with
   * its stamps, and the pull starts over in the server's epoch.
   */
  private resendEverything(page: PullAnswer): void {
    const local = extractLocal(currentLibrary());
    const recorded = recordLocalChanges(this.state, local, this.clock.now(), this.node).state;
    this.state = { ...resendAll(recorded, local), epoch: page.epoch, generation: page.generation ?? null };
    this.save();
    console.info(
      `[sync] the server's data changed generation: sending ${Object.keys(this.state.pending).length} entries again`,
    );
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
    removeState(this.options.uid);
    setSyncOptOut(this.options.uid, true);
    this.publish('off', 'reset');
  }

  private async request<T>(method: 'GET' | 'POST', query: string, token: string, body?: unknown): Promise<T> {
    return libraryRequest<T>(this.clock, method, query, token, body);
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
 * account's: another account that signs in never receives it; changes the account has not
 * received yet are sent at its next sign-in here). 'remove' leaves nothing of the account on this
 * device, unsent changes included (the sign-out dialog says how many, unsentChangesOf), and brings
 * back what a visitor had set aside.
 */
export async function endLibrarySession(uid: string, choice: SignOutChoice): Promise<void> {
  const engine = current?.uid === uid ? current : null;
  if (engine) await engine.finish(true);
  else postToTabs({ type: 'finish', uid });
  if (choice === 'keep') return;
  // The leading tab (maybe another one) holds the lock until it has finished.
  await whenNoTabLeads(() => {
    removeAccount(uid);
    setSyncOptOut(uid, false);
    clearStatus(uid);
  }, FLUSH_TIMEOUT_MS + 2000);
}

/** The changes of `uid` this device has not sent: what 'Remover deste aparelho' would lose. */
export function unsentChangesOf(uid: string): number {
  return unsentChanges(uid);
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
  removeState(uid);
  setSyncOptOut(uid, true);
  publishStatus({ uid, phase: 'off', lastSyncedAt: null, pending: 0, error: null });
  current?.broadcastReload();
}

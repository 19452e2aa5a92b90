import type { MergeCounts } from './ownership';

/**
 * Which tab of this browser syncs: the tabs elect a leader with the Web Locks API, and only the
 * leader records and pushes changes (other tabs' changes reach it through `storage` events), so a
 * change is pushed once. The tabs talk over a BroadcastChannel: other tabs ask the leader to sync,
 * and the leader asks in every tab the question only the fan can answer (may the device's data
 * join the account?), so that it shows in the tab the fan is looking at.
 */

const LOCK_NAME = 'anime-master-library-sync';
const CHANNEL_NAME = 'anime-master-library-sync';

export type TabMessage =
  | { type: 'sync' }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'finish'; uid: string }
  /** The leader asks every tab of `uid` (`id` names the question). */
  | { type: 'ask'; uid: string; id: string; counts: MergeCounts }
  /** A tab answered (or the question no longer stands: `merge` null). */
  | { type: 'answer'; uid: string; id: string; merge: boolean | null };

export class TabLeadership {
  private leading = false;
  private stopped = false;
  private releaseLock: (() => void) | null = null;
  private readonly abort = new AbortController();
  private readonly channel: BroadcastChannel | null =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  private readonly onChannel = (event: MessageEvent<TabMessage>) => {
    if (event.data) this.onMessage(event.data);
  };

  constructor(
    /** This tab became the leader (called once). */
    private readonly onLead: () => void,
    private readonly onMessage: (message: TabMessage) => void,
  ) {}

  get leader(): boolean {
    return this.leading;
  }

  start(): void {
    this.channel?.addEventListener('message', this.onChannel);
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

  private lead(): void {
    if (this.stopped) return;
    this.leading = true;
    this.onLead();
  }

  /** Tells the other tabs (not this one). */
  post(message: TabMessage): void {
    this.channel?.postMessage(message);
  }

  stop(): void {
    this.stopped = true;
    this.leading = false;
    this.abort.abort();
    this.releaseLock?.();
    this.channel?.removeEventListener('message', this.onChannel);
    this.channel?.close();
  }
}

/** Tells every tab, from a tab that has no sync running. */
export function postToTabs(message: TabMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage(message);
  channel.close();
}

/**
 * Runs `action` once no tab leads the sync (the leading tab holds the lock until it has
 * finished), or after `timeoutMs` anyway.
 */
export async function whenNoTabLeads(action: () => void, timeoutMs: number): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    action();
    return;
  }
  await locks
    .request(LOCK_NAME, { signal: AbortSignal.timeout(timeoutMs) }, () => action())
    .catch(() => action());
}

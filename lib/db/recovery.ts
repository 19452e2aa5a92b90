import { existsSync, renameSync, rmSync } from 'node:fs';
import { listSnapshots, type Snapshot } from './snapshots';

/**
 * What happens when the embedded database's folder cannot be opened (PGlite aborts while
 * replaying a WAL that two processes wrote at once, or one damaged some other way): the app comes
 * up anyway, and nothing is deleted. The folder is moved aside under a dated name, for an operator
 * to look at; the newest snapshot that opens takes its place, else an empty database. Either way
 * the data went back in time, and the caller renews the database's generation so that devices
 * send again what the server no longer holds.
 */

/** Why the database is not the one the server had: a code, never an error's text. */
export type RecoveryReason = 'snapshot_restored' | 'started_empty';

export interface Recovery {
  reason: RecoveryReason;
  /** When it happened (ISO). */
  at: string;
  /** Where the unreadable folder now is. */
  movedAside: string;
  /** The snapshot restored (its file name), for snapshot_restored. */
  snapshot?: string;
}

export interface RecoverySteps<T> {
  /** Opens the folder (creating an empty database when it does not exist); throws when it cannot. */
  open(folder: string): Promise<T>;
  /** Creates the folder from a snapshot file and opens it; throws when the snapshot is not good. */
  restore(folder: string, snapshot: Snapshot): Promise<T>;
  /** Called once for what went wrong (logged loudly by the caller). */
  report?(event: { step: 'open' | 'restore'; error: unknown; snapshot?: string }): void;
}

/** A name beside `folder` that says when it was moved aside: pglite.unreadable-20261127T083012Z. */
export function movedAsideName(folder: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  let candidate = `${folder}.unreadable-${stamp}`;
  for (let n = 2; existsSync(candidate); n++) candidate = `${folder}.unreadable-${stamp}-${n}`;
  return candidate;
}

/**
 * Opens `folder`; when it cannot be opened, moves it aside and restores the newest good snapshot of
 * `snapshotsDir` into its place, else starts empty. Answers the database and what was done (null
 * when the folder opened).
 */
export async function openOrRecover<T>(
  folder: string,
  snapshotsDir: string,
  steps: RecoverySteps<T>,
  now: () => Date = () => new Date(),
): Promise<{ value: T; recovery: Recovery | null }> {
  try {
    return { value: await steps.open(folder), recovery: null };
  } catch (error) {
    steps.report?.({ step: 'open', error });
  }
  const at = now();
  const movedAside = movedAsideName(folder, at);
  renameSync(folder, movedAside);
  for (const snapshot of listSnapshots(snapshotsDir)) {
    try {
      const value = await steps.restore(folder, snapshot);
      return {
        value,
        recovery: { reason: 'snapshot_restored', at: at.toISOString(), movedAside, snapshot: snapshot.name },
      };
    } catch (error) {
      steps.report?.({ step: 'restore', error, snapshot: snapshot.name });
      // What the failed restore created is the snapshot's copy, not the server's data: the
      // snapshot itself stays.
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const value = await steps.open(folder);
  return { value, recovery: { reason: 'started_empty', at: at.toISOString(), movedAside } };
}

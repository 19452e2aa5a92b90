import 'server-only';
import type { Kysely } from 'kysely';
import { serverEnv } from '@/lib/env';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { DataDirLockedError } from './lock';
import { openDatabase, type OpenDatabase } from './open';
import type { Recovery } from './recovery';
import type { Database } from './schema';

const log = serverLog('db');

export { migrations } from './migrations';
export type { Database } from './schema';

/**
 * The app's one database (lib/db/open.ts): DATABASE_URL's Postgres, else PGlite in DATA_DIR.
 * Opened and migrated on first use, so a server that never needs it never opens it. Kept in the
 * process's state (lib/server/process-state.ts): Next bundles this module into several bundles of
 * one process, and PGlite's folder may be opened only once. Once the server is stopping (closeDb),
 * it is never opened again.
 */

/** Why the database cannot answer, as a code (never an error's text, which may name hosts or users). */
export type DatabaseDownReason = 'stopping' | 'locked' | 'unavailable';

interface DbState {
  /** The database, opening or open. */
  opening?: Promise<OpenDatabase>;
  stopping: boolean;
  /** Why the last opening failed. */
  failure?: DatabaseDownReason;
  recovery: Recovery | null;
  snapshotTimer?: ReturnType<typeof setInterval>;
}

/** The database's state in one process: `open` when given, else opened on first use. */
export function createDbState(open?: OpenDatabase): DbState {
  return { opening: open && Promise.resolve(open), stopping: false, recovery: null };
}

function state(): DbState {
  return processState<DbState>('db', createDbState);
}

class DatabaseStoppingError extends Error {
  constructor() {
    super('the server is stopping: the database is closed');
  }
}

function scheduleSnapshots(open: OpenDatabase): void {
  const minutes = serverEnv().DB_SNAPSHOT_INTERVAL_MINUTES;
  const snapshot = open.snapshot;
  if (!snapshot || minutes <= 0 || state().snapshotTimer) return;
  const timer = setInterval(() => {
    if (state().stopping) return;
    snapshot().catch((error: unknown) => log.error({ err: error }, 'the scheduled snapshot failed'));
  }, minutes * 60_000);
  timer.unref();
  state().snapshotTimer = timer;
}

export function getDb(): Promise<Kysely<Database>> {
  if (state().stopping) return Promise.reject(new DatabaseStoppingError());
  const current = state();
  if (!current.opening) {
    const env = serverEnv();
    const opening = openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      lockWaitMs: env.DATA_DIR_LOCK_WAIT_MS,
      snapshots: { keep: env.DB_SNAPSHOT_KEEP, maxBytes: env.DB_SNAPSHOT_MAX_MB * 1024 * 1024 },
    });
    current.opening = opening;
    opening.then(
      (open) => {
        state().failure = undefined;
        state().recovery = open.recovery;
        scheduleSnapshots(open);
      },
      // A failed open (Postgres unreachable, the folder held by another live process) is tried
      // again by the next request.
      (error: unknown) => {
        log.error({ err: error }, 'could not open the database');
        state().failure = error instanceof DataDirLockedError ? 'locked' : 'unavailable';
        if (state().opening === opening) state().opening = undefined;
      },
    );
  }
  return current.opening.then((open) => open.db);
}

/** What /api/health reports about the database beyond "it answers". */
export function databaseCondition(): {
  stopping: boolean;
  failure?: DatabaseDownReason;
  recovery: Recovery | null;
} {
  const { stopping, failure, recovery } = state();
  return { stopping, failure: stopping ? 'stopping' : failure, recovery };
}

/**
 * The first step of a graceful stop: no new reads or writes are taken (they fail at once, and the
 * callers go on without the database); work that already holds the database finishes.
 */
export function stopTakingWork(): void {
  state().stopping = true;
}

/**
 * Closes the database for good (a graceful stop): no opening after this; PGlite checkpoints, takes
 * a snapshot, closes its folder and releases the lock. Never throws.
 */
export async function closeDb(): Promise<void> {
  state().stopping = true;
  if (state().snapshotTimer) clearInterval(state().snapshotTimer);
  const opening = state().opening;
  if (!opening) return;
  try {
    const open = await opening;
    await open.close({ snapshot: open.engine === 'pglite' });
  } catch (error) {
    log.error({ err: error }, 'closing the database failed');
  }
}

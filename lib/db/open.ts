import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import { serverLog } from '@/lib/server/log';
import { renewDatabaseGeneration } from './generation';
import { lockDataDir, type DataDirLock } from './lock';
import { migrations } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { openOrRecover, type Recovery } from './recovery';
import { SNAPSHOT_DIR, writeSnapshot, type Snapshot, type SnapshotBounds } from './snapshots';
import type { Database } from './schema';

const log = serverLog('db');

/**
 * Opens the app's database: Postgres when a connection URL is given (several app instances share
 * it), otherwise PGlite, embedded, in `dataDir` (one process only: PGlite keeps the folder to
 * itself). Either way the same migrations run before the first query is answered.
 */

export interface DatabaseConfig {
  /** postgres://… ; when set, dataDir is ignored. */
  url?: string;
  /** PGlite's folder; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** Connections of the Postgres pool. */
  poolSize?: number;
  /** PGlite: how long a live process holding the folder is waited for (lib/db/lock.ts). */
  lockWaitMs?: number;
  /** PGlite: the snapshots kept in dataDir/snapshots. */
  snapshots?: SnapshotBounds;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  engine: 'postgres' | 'pglite';
  /**
   * Closes the database. PGlite: waits for the transaction under way, checkpoints, takes a
   * snapshot when asked, closes the folder and releases its lock.
   */
  close(options?: { snapshot?: boolean }): Promise<void>;
  /** PGlite: takes a snapshot of the data folder now (null for Postgres). */
  snapshot: (() => Promise<Snapshot>) | null;
  /** PGlite: set when the folder could not be opened and was replaced (lib/db/recovery.ts). */
  recovery: Recovery | null;
}

/** The last recovery of DATA_DIR, kept beside the folder so that a restart still reports it. */
const RECOVERY_FILE = 'recovery.json';

export const DEFAULT_SNAPSHOT_BOUNDS: SnapshotBounds = { keep: 3, maxBytes: 512 * 1024 * 1024 };

/** A recovery an operator must see: one error line, its sentences in the message. */
function loudly(lines: string[]): void {
  log.error({ recovery: true }, lines.join(' '));
}

async function openPGlite(folder: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(folder);
  await pg.query('select 1');
  return pg;
}

async function restorePGlite(folder: string, file: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(folder, { loadDataDir: new Blob([readFileSync(file)]) });
  await pg.query('select 1');
  return pg;
}

/**
 * PGlite in dataDir/pglite, for this process only: takes the folder's lock, opens it (or recovers
 * it), migrates, and renews the generation when the data went back in time.
 */
async function openEmbedded(config: DatabaseConfig, dataDir: string): Promise<OpenDatabase> {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const lock: DataDirLock = await lockDataDir(root, {
    waitMs: config.lockWaitMs ?? 30_000,
    onWait: (holder) =>
      log.warn(
        { folder: root, pid: holder.pid, since: holder.since },
        'the data folder is held by another process; waiting for it to stop',
      ),
  });
  const bounds = config.snapshots ?? DEFAULT_SNAPSHOT_BOUNDS;
  const folder = path.join(root, 'pglite');
  const snapshotsDir = path.join(root, SNAPSHOT_DIR);
  let pg: PGlite;
  let recovery: Recovery | null;
  try {
    ({ value: pg, recovery } = await openOrRecover(folder, snapshotsDir, {
      open: openPGlite,
      restore: (target, snapshot) => restorePGlite(target, snapshot.file),
      report: ({ step, error, snapshot }) =>
        step === 'open'
          ? log.error({ folder, err: error }, 'the database folder cannot be opened')
          : log.error({ snapshot, err: error }, 'a snapshot cannot be restored'),
    }));
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(async () => pg) });
  try {
    await migrate(db);
    if (recovery) {
      await renewDatabaseGeneration(db);
      writeFileSync(path.join(root, RECOVERY_FILE), JSON.stringify(recovery, null, 2));
      loudly([
        `THE DATABASE FOLDER COULD NOT BE OPENED. It was moved aside, untouched, to ${recovery.movedAside}.`,
        recovery.reason === 'snapshot_restored'
          ? `The newest good snapshot (${recovery.snapshot}) was restored: what was written after it is not here.`
          : 'No snapshot could be restored: the server started with an empty database.',
        'Devices send their libraries again (the database generation was renewed).',
        `/api/health says "degraded" until ${path.basename(recovery.movedAside)} is removed from ${root}.`,
      ]);
    } else {
      recovery = previousRecovery(root);
    }
  } catch (error) {
    await db.destroy().catch(() => undefined);
    lock.release();
    throw error;
  }

  /** The dump holds PGlite's one connection: no transaction is half-way through the copy. */
  const snapshot = () =>
    db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      const dump = await pg.dumpDataDir('gzip');
      return writeSnapshot(snapshotsDir, new Uint8Array(await dump.arrayBuffer()), bounds);
    });

  let closing: Promise<void> | undefined;
  const close = (options: { snapshot?: boolean } = {}) =>
    (closing ??= (async () => {
      try {
        if (options.snapshot) {
          await snapshot().catch((error: unknown) =>
            log.error({ err: error }, 'the snapshot at the stop failed'),
          );
        } else {
          await db.connection().execute((connection) => sql`checkpoint`.execute(connection));
        }
      } finally {
        await db.destroy();
        lock.release();
      }
    })());
  return { db, engine: 'pglite', close, snapshot, recovery };
}

/** A recovery reported by an earlier start, while its moved-aside folder is still there. */
function previousRecovery(root: string): Recovery | null {
  try {
    const recovery = JSON.parse(readFileSync(path.join(root, RECOVERY_FILE), 'utf8')) as Recovery;
    return recovery.movedAside && existsSync(recovery.movedAside) ? recovery : null;
  } catch {
    return null;
  }
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const outcome: MigrationResultSet = await migrator.migrateToLatest();
  if (outcome.error) {
    const failed = outcome.results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed`, { cause: outcome.error });
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  const dataDir = config.dataDir ?? './.data';
  if (!config.url && !dataDir.startsWith('memory://')) return openEmbedded(config, dataDir);
  let db: Kysely<Database>;
  let engine: OpenDatabase['engine'];
  if (config.url) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => log.warn({ err: error }, 'idle Postgres connection failed'));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    engine = 'postgres';
  } else {
    db = new Kysely<Database>({
      dialect: new PGliteDialect(async () => {
        const { PGlite } = await import('@electric-sql/pglite');
        return PGlite.create(dataDir);
      }),
    });
    engine = 'pglite';
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, engine, close: () => db.destroy(), snapshot: null, recovery: null };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

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
}

export interface OpenDatabase {
  db: Kysely<Database>;
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
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
  let db: Kysely<Database>;
  let engine: OpenDatabase['engine'];
  if (config.url) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('[db] idle Postgres connection failed', error.message));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    engine = 'postgres';
  } else {
    const dataDir = config.dataDir ?? './.data';
    const target = dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
    if (!dataDir.startsWith('memory://')) mkdirSync(target, { recursive: true });
    db = new Kysely<Database>({
      dialect: new PGliteDialect(async () => {
        const { PGlite } = await import('@electric-sql/pglite');
        return PGlite.create(target);
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
  return { db, engine, close: () => db.destroy() };
}

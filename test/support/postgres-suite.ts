import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '@/lib/db';
import { openDatabase, type DatabaseConfig, type OpenDatabase } from '@/lib/db/open';
import { POSTGRES_MISSING, postgresBinDir, startTestPostgres, type TestPostgres } from './postgres';

/**
 * Defines `suite` against a throwaway Postgres (postgres.ts) when the machine has one, and skips
 * it with one warning otherwise. The suite starts the server with `start` (its URL) in its setup
 * and stops it with `stop` in its teardown.
 */
export function describeOnPostgres(
  name: string,
  suite: (start: () => Promise<string>, stop: () => Promise<void>) => void,
): void {
  const available = postgresBinDir() !== null;
  if (!available) console.warn(`[skip] ${name}: ${POSTGRES_MISSING}`);
  let server: TestPostgres | undefined;
  describe.skipIf(!available)('with a real Postgres', () => {
    suite(
      async () => {
        server = await startTestPostgres();
        return server.url;
      },
      async () => {
        await server?.stop();
      },
    );
  });
}

/** The database a suite of describeOnBothEngines runs on, open from its first test to its last. */
export interface SuiteDatabase {
  readonly engine: 'PGlite' | 'Postgres';
  readonly db: Kysely<Database>;
  /** Closes the database and opens it again on the same data (a server restart). */
  restart(): Promise<void>;
}

function engineSuite(
  title: string,
  engine: SuiteDatabase['engine'],
  config: () => Promise<DatabaseConfig>,
  stop: () => Promise<void>,
  suite: (database: SuiteDatabase) => void,
): void {
  describe(title, () => {
    let settings: DatabaseConfig;
    let open: OpenDatabase | undefined;
    const current = (): OpenDatabase => {
      if (!open) throw new Error('the database opens before the first test');
      return open;
    };
    beforeAll(async () => {
      settings = await config();
      open = await openDatabase(settings);
    }, 120_000);
    afterAll(async () => {
      await open?.close();
      await stop();
    }, 30_000);
    suite({
      engine,
      get db() {
        return current().db;
      },
      async restart() {
        await current().close();
        open = await openDatabase(settings);
      },
    });
  });
}

/**
 * Defines `suite` twice: `<name> on PGlite` (in a throwaway folder, so a restart finds its data)
 * and `<name> on Postgres` against a throwaway server when the machine has one.
 */
export function describeOnBothEngines(name: string, suite: (database: SuiteDatabase) => void): void {
  let folder: string | undefined;
  engineSuite(
    `${name} on PGlite`,
    'PGlite',
    async () => ({ dataDir: (folder = mkdtempSync(path.join(tmpdir(), 'anime-store-'))) }),
    async () => {
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
    suite,
  );
  describeOnPostgres(`Postgres ${name} tests`, (start, stop) =>
    engineSuite(`${name} on Postgres`, 'Postgres', async () => ({ url: await start() }), stop, suite),
  );
}

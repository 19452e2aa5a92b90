import 'server-only';
import type { Kysely } from 'kysely';
import { serverEnv } from '@/lib/env';
import { openDatabase, type OpenDatabase } from './open';
import type { Database } from './schema';

export { migrations } from './migrations';
export type { Database } from './schema';

/**
 * The app's one database (lib/db/open.ts): DATABASE_URL's Postgres, else PGlite in DATA_DIR.
 * Opened and migrated on first use, so a server that never needs it never opens it. Kept on
 * globalThis: Next bundles this module into several bundles of one process, and PGlite's folder
 * may be opened only once.
 */
const store = globalThis as typeof globalThis & { __animeMasterDb?: Promise<OpenDatabase> };

export function getDb(): Promise<Kysely<Database>> {
  if (!store.__animeMasterDb) {
    const { DATABASE_URL, DATA_DIR } = serverEnv();
    const opening = openDatabase({ url: DATABASE_URL, dataDir: DATA_DIR });
    store.__animeMasterDb = opening;
    // A failed open (Postgres unreachable) is tried again by the next request.
    opening.catch((error: unknown) => {
      console.error('[db] could not open the database', error);
      if (store.__animeMasterDb === opening) store.__animeMasterDb = undefined;
    });
  }
  return store.__animeMasterDb.then((open) => open.db);
}

/** Test-only: use `open` as the app's database (or forget it). */
export function setDbForTests(open: OpenDatabase | undefined): void {
  store.__animeMasterDb = open ? Promise.resolve(open) : undefined;
}

import { afterAll, beforeAll } from 'vitest';
import { createDbState } from '@/lib/db';
import { openDatabase, type OpenDatabase } from '@/lib/db/open';
import { freshProcess, provideProcessState } from './process';

/**
 * An embedded PGlite in memory for the suite being defined: opened before its first test (it takes
 * seconds on a busy machine), closed after its last. With `asAppDatabase`, it is also the app's
 * database (lib/db getDb) meanwhile, for route handlers. Answers a getter of the open database.
 */
export function memoryDatabase(options: { asAppDatabase?: boolean } = {}): () => OpenDatabase {
  let database: OpenDatabase | undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    if (options.asAppDatabase) provideProcessState('db', createDbState(database));
  }, 120_000);
  afterAll(async () => {
    if (options.asAppDatabase) freshProcess('db');
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the database opens before the first test');
    return database;
  };
}

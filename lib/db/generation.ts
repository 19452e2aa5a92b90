import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * The generation names this copy of the database. A new database gets one the first time it is
 * asked for; it is renewed whenever the server's data goes back in time (a snapshot restored, a
 * folder moved aside and started empty), so that devices can tell and send again what the server
 * no longer holds (lib/library/protocol.ts, PushAnswer.generation).
 */
const KEY = 'generation';

export async function databaseGeneration(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('server_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  if (row) return row.value;
  await db
    .insertInto('server_meta')
    .values({ key: KEY, value: randomUUID() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const created = await db
    .selectFrom('server_meta')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return created.value;
}

/** Gives this database a new generation (after a restore): every device sends its library again. */
export async function renewDatabaseGeneration(db: Kysely<Database>): Promise<string> {
  const value = randomUUID();
  await db
    .insertInto('server_meta')
    .values({ key: KEY, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}

import type { Kysely } from 'kysely';
import type { Database } from '@/lib/db/schema';

/**
 * What the anime database answers about an anime beyond its record, kept durably: its characters
 * with their voice actors, its staff, the recommendations fans made beside it. One row per anime
 * and kind in `anime_extras` (lib/db), replaced in place by a later fetch and never by an older
 * one (two instances writing out of order). The data is the app's own mapped shape, as JSON.
 */

export type ExtraKind = 'characters' | 'staff' | 'recommendations';

export const EXTRA_KINDS: readonly ExtraKind[] = ['characters', 'staff', 'recommendations'];

/** Largest JSON kept for one anime and kind: a page of characters with their voice actors fits. */
export const MAX_EXTRA_BYTES = 64 * 1024;

export interface StoredExtra<T> {
  id: number;
  kind: ExtraKind;
  data: T;
  fetchedAt: Date;
}

/**
 * Keeps `data` as anime `id`'s `kind`, fetched at `fetchedAt`, unless a later fetch is already
 * kept. Throws when the JSON is over MAX_EXTRA_BYTES: the caller bounds what it keeps.
 */
export async function saveExtra(
  db: Kysely<Database>,
  id: number,
  kind: ExtraKind,
  data: unknown,
  fetchedAt: Date,
): Promise<void> {
  const json = JSON.stringify(data);
  if (json === undefined) throw new Error(`the ${kind} of anime ${id} are not JSON`);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_EXTRA_BYTES) {
    throw new Error(`the ${kind} of anime ${id} take ${bytes} bytes, over ${MAX_EXTRA_BYTES}`);
  }
  await db
    .insertInto('anime_extras')
    .values({ anime_id: id, kind, data: json, fetched_at: fetchedAt })
    .onConflict((conflict) =>
      conflict
        .columns(['anime_id', 'kind'])
        .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), fetched_at: eb.ref('excluded.fetched_at') }))
        .where('anime_extras.fetched_at', '<=', (eb) => eb.ref('excluded.fetched_at')),
    )
    .execute();
}

/** The kept `kind` of anime `id`, or null when it was never kept. */
export async function readExtra<T>(
  db: Kysely<Database>,
  id: number,
  kind: ExtraKind,
): Promise<StoredExtra<T> | null> {
  const row = await db
    .selectFrom('anime_extras')
    .select(['anime_id', 'kind', 'data', 'fetched_at'])
    .where('anime_id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.anime_id, kind, data: row.data as T, fetchedAt: new Date(row.fetched_at) };
}

/** The kept `kind` of each of `ids` that has one (one query), by anime id. */
export async function readExtras<T>(
  db: Kysely<Database>,
  ids: readonly number[],
  kind: ExtraKind,
): Promise<Map<number, StoredExtra<T>>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, StoredExtra<T>>();
  if (unique.length === 0) return found;
  const rows = await db
    .selectFrom('anime_extras')
    .select(['anime_id', 'data', 'fetched_at'])
    .where('anime_id', 'in', unique)
    .where('kind', '=', kind)
    .execute();
  for (const row of rows) {
    found.set(row.anime_id, {
      id: row.anime_id,
      kind,
      data: row.data as T,
      fetchedAt: new Date(row.fetched_at),
    });
  }
  return found;
}

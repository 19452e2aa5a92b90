import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { databaseGeneration } from '@/lib/db/generation';
import type { Database } from '@/lib/db/schema';
import { processState } from '@/lib/server/process-state';
import {
  entryId,
  MAX_LIBRARY_ENTRIES,
  PULL_PAGE_SIZE,
  TOMBSTONE_LIFETIME_MS,
  type Change,
  type EntryKind,
  type PullAnswer,
  type PushAnswer,
  type PushBody,
  type RemoteEntry,
} from './protocol';

/**
 * The server's copy of every signed-in user's library (tables in lib/db/migrations.ts). Every
 * function takes the user id from the verified identity; no query reads or writes another user's
 * rows. A push is one transaction: every change it keeps is written, or none.
 */

export class EpochChangedError extends Error {
  constructor(
    readonly epoch: string,
    /** The database's generation: a device that knew another one sends its library again. */
    readonly generation: string,
  ) {
    super('the synced data of this user was deleted');
    this.name = 'EpochChangedError';
  }
}

/**
 * A push would take the user's library past its bound of live entries. Only the changes that add
 * a live entry past the bound are refused (`refused`, entry ids); the rest of the push was kept
 * (`answer`). Without `answer`, nothing was written.
 */
export class LibraryFullError extends Error {
  constructor(
    readonly limit: number,
    readonly refused: string[] = [],
    readonly answer: PushAnswer | null = null,
  ) {
    super(
      `A biblioteca sincronizada chegou ao limite de ${limit.toLocaleString('pt-BR')} itens por conta. ` +
        'Remova avaliações ou itens de listas para sincronizar novos.',
    );
    this.name = 'LibraryFullError';
  }
}

export interface PushOptions {
  now?: number;
  /** The bound of live entries (MAX_LIBRARY_ENTRIES; tests lower it). */
  maxEntries?: number;
}

type Db = Kysely<Database>;

/**
 * The user's row, created on first use, locked for the rest of the transaction, with `reserve`
 * versions taken for this transaction's changes (one statement: the upsert locks the row). Answers
 * the version before the reserved ones.
 */
async function lockUser(trx: Db, userId: string, reserve = 0): Promise<{ version: number; epoch: string }> {
  const row = await trx
    .insertInto('library_users')
    .values({ user_id: userId, version: reserve, epoch: randomUUID() })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        version: sql`${eb.ref('library_users.version')} + ${reserve}`,
        updated_at: sql`now()`,
      })),
    )
    .returning(['version', 'epoch'])
    .executeTakeFirstOrThrow();
  return { version: Number(row.version) - reserve, epoch: row.epoch };
}

/** Keeps, of several changes to one entry in a push, the latest. */
function latestPerEntry(changes: readonly Change[]): Change[] {
  const latest = new Map<string, Change>();
  for (const change of changes) {
    const id = entryId(change.kind, change.key);
    const known = latest.get(id);
    if (!known || known.hlc < change.hlc) latest.set(id, change);
  }
  return [...latest.values()];
}

/**
 * Of `changes`, those that would add a live entry (none stored, or a removal with an earlier
 * stamp) and how many live entries the others remove (a later removal of a live entry).
 */
async function classify(
  trx: Db,
  userId: string,
  changes: readonly Change[],
): Promise<{ adds: Change[]; frees: number }> {
  const stored = new Map<string, { hlc: string; deleted: boolean }>();
  const keys = [...new Set(changes.map((change) => change.key))];
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await trx
      .selectFrom('library_entries')
      .select(['kind', 'entry_key', 'hlc', 'deleted'])
      .where('user_id', '=', userId)
      .where('entry_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) stored.set(entryId(row.kind as EntryKind, row.entry_key), row);
  }
  const adds: Change[] = [];
  let frees = 0;
  for (const change of changes) {
    const row = stored.get(entryId(change.kind, change.key));
    if (row && row.hlc >= change.hlc) continue;
    if (!change.deleted && (!row || row.deleted)) adds.push(change);
    else if (change.deleted && row && !row.deleted) frees++;
  }
  return { adds, frees };
}

/**
 * Applies a device's changes: each replaces the stored entry only when its stamp is later (a
 * replayed or stale change changes nothing). Refused whole when the device's epoch is not the
 * user's current one (their synced data was deleted since). Past the bound of live entries, only
 * the changes that would add entries beyond it are refused (LibraryFullError, after the others are
 * kept): removals and edits of existing entries always go through, so a full library can be freed.
 */
export async function pushChanges(
  db: Db,
  userId: string,
  body: PushBody,
  { now = Date.now(), maxEntries = MAX_LIBRARY_ENTRIES }: PushOptions = {},
): Promise<PushAnswer> {
  const { answer, refused } = await db.transaction().execute(async (trx) => {
    const all = latestPerEntry(body.changes);
    // Versions for every change are reserved up front; a change that loses leaves a gap.
    const user = await lockUser(trx, userId, all.length);
    const generation = await databaseGeneration(trx);
    if (body.epoch !== null && body.epoch !== user.epoch) throw new EpochChangedError(user.epoch, generation);
    const refused = new Set<string>();
    const { adds, frees } = await classify(trx, userId, all);
    if (adds.length > 0) {
      // The user row is locked: no other push of this user counts at the same time.
      const room = maxEntries - ((await countLiveEntries(trx, userId)) - frees);
      for (const change of adds.slice(Math.max(0, room))) refused.add(entryId(change.kind, change.key));
    }
    const changes = all.filter((change) => !refused.has(entryId(change.kind, change.key)));
    const rows = changes.map((change, index) => ({
      user_id: userId,
      kind: change.kind,
      entry_key: change.key,
      version: user.version + index + 1,
      hlc: change.hlc,
      deleted: change.deleted,
      data: change.deleted || change.data === null ? null : JSON.stringify(change.data),
    }));
    let applied = 0;
    // A few hundred rows per statement keeps each within Postgres's parameter limit.
    for (let start = 0; start < rows.length; start += 500) {
      const written = await trx
        .insertInto('library_entries')
        .values(rows.slice(start, start + 500))
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'kind', 'entry_key'])
            .doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              hlc: eb.ref('excluded.hlc'),
              deleted: eb.ref('excluded.deleted'),
              data: eb.ref('excluded.data'),
              updated_at: sql`now()`,
            }))
            .where('library_entries.hlc', '<', (eb) => eb.ref('excluded.hlc')),
        )
        .returning('entry_key')
        .execute();
      applied += written.length;
    }
    const answer: PushAnswer = {
      epoch: user.epoch,
      generation,
      version: user.version + all.length,
      applied,
      serverTime: now,
    };
    return { answer, refused: [...refused] };
  });
  if (refused.length > 0) throw new LibraryFullError(maxEntries, refused, answer);
  return answer;
}

/** The user's live entries (removals not counted). */
export async function countLiveEntries(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('library_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Deletes the user's tombstones older than TOMBSTONE_LIFETIME_MS (by when the server wrote them).
 * A device that last synced before then pulls everything again (RESYNC_AFTER_MS, engine.ts) and
 * drops what the server no longer has, so a compacted removal is never undone.
 */
export async function compactTombstones(
  db: Db,
  userId: string,
  now = Date.now(),
  lifetimeMs = TOMBSTONE_LIFETIME_MS,
): Promise<number> {
  const removed = await db
    .deleteFrom('library_entries')
    .where('user_id', '=', userId)
    .where('deleted', '=', true)
    .where('updated_at', '<', new Date(now - lifetimeMs))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

const COMPACT_EVERY_MS = 24 * 60 * 60 * 1000;
/** When each user's tombstones were last compacted by this process. */
const compactedAt = () =>
  processState<{ seen: Map<string, number> }>('library-compaction', () => ({ seen: new Map() })).seen;

/**
 * compactTombstones at most once a day per user and process (several instances may each run it:
 * it is idempotent). Failures are logged by the caller and change nothing.
 */
export async function compactTombstonesDaily(db: Db, userId: string, now = Date.now()): Promise<number> {
  const seen = compactedAt();
  const last = seen.get(userId);
  if (last !== undefined && now - last < COMPACT_EVERY_MS) return 0;
  if (seen.size > 100_000) seen.clear();
  seen.set(userId, now);
  return compactTombstones(db, userId, now);
}

/** The user's entries changed after version `since` (tombstones included), oldest first. */
export async function pullChanges(
  db: Db,
  userId: string,
  since: number,
  limit = PULL_PAGE_SIZE,
  now = Date.now(),
): Promise<PullAnswer> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('library_users')
      .select(['version', 'epoch'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!user) {
      // Nobody synced yet: hand out the epoch now, so the first push can be checked against it.
      const created = await lockUser(trx, userId);
      return {
        epoch: created.epoch,
        generation: await databaseGeneration(trx),
        version: created.version,
        entries: [],
        more: false,
        serverTime: now,
      };
    }
    const rows = await trx
      .selectFrom('library_entries')
      .select(['kind', 'entry_key', 'version', 'hlc', 'deleted', 'data'])
      .where('user_id', '=', userId)
      .where('version', '>', String(since))
      .orderBy('version')
      .limit(limit + 1)
      .execute();
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const entries: RemoteEntry[] = page.map((row) => ({
      kind: row.kind as EntryKind,
      key: row.entry_key,
      hlc: row.hlc,
      deleted: row.deleted,
      data: row.deleted ? null : (row.data as RemoteEntry['data']),
      version: Number(row.version),
    }));
    const version = more ? entries[entries.length - 1]!.version : Math.max(since, Number(user.version));
    return {
      epoch: user.epoch,
      generation: await databaseGeneration(trx),
      version,
      entries,
      more,
      serverTime: now,
    };
  });
}

/**
 * Deletes every synced entry of the user, tombstones included, and starts a new epoch: devices
 * that synced before learn of it on their next request and stop pushing their old copies.
 */
export async function deleteLibrary(db: Db, userId: string): Promise<{ epoch: string; deleted: number }> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const removed = await trx.deleteFrom('library_entries').where('user_id', '=', userId).executeTakeFirst();
    const epoch = randomUUID();
    await trx
      .updateTable('library_users')
      .set({ epoch, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    return { epoch, deleted: Number(removed.numDeletedRows) };
  });
}

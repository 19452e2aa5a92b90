import type { ColumnType, Generated } from 'kysely';

/**
 * The tables of the app's database, as Kysely sees them. Each feature owns its tables and adds
 * them here together with a migration in migrations.ts.
 */

/** One row per signed-in user who ever synced: the user's version counter and data epoch. */
export interface LibraryUsersTable {
  user_id: string;
  /** The last version handed to one of this user's entries; versions only grow. */
  version: ColumnType<string, string | number, string | number>;
  /** Changes when the user deletes their synced data: devices then start over. */
  epoch: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A synced entry of a user's library: a rating, a list entry, or the notification preferences. */
export interface LibraryEntriesTable {
  user_id: string;
  kind: string;
  entry_key: string;
  /** Per-user version assigned by the server when the entry last changed (the pull cursor). */
  version: ColumnType<string, string | number, string | number>;
  /** Hybrid logical clock of the change that wrote it (lib/library/hlc.ts): the later one wins. */
  hlc: string;
  /** True for a removal: the row stays as a tombstone so stale copies cannot bring it back. */
  deleted: boolean;
  data: ColumnType<unknown, string | null, string | null>;
  updated_at: Generated<Date>;
}

export interface Database {
  library_users: LibraryUsersTable;
  library_entries: LibraryEntriesTable;
}

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

/**
 * The last-known-good copy of one anime record fetched from the anime database (lib/records): one
 * row per anime, replaced in place. `kind` says whether it is a detail record ('full') or a
 * listing row ('listing', fewer fields); a listing row never replaces a full record.
 */
export interface AnimeRecordsTable {
  anime_id: number;
  kind: 'full' | 'listing';
  record: ColumnType<unknown, string, string>;
  fetched_at: ColumnType<Date, Date | string, Date | string>;
  /** Translated synopses by language: { pt: { source, paragraphs } }; one per language. */
  translations: ColumnType<unknown, string | undefined, string>;
}

/**
 * What the anime database answers about an anime beyond its record (lib/records/extras.ts): its
 * characters, staff or recommendations, one row per anime and kind, replaced in place by a later
 * fetch. Shared by every fan, kept across restarts.
 */
export interface AnimeExtrasTable {
  anime_id: number;
  kind: string;
  data: ColumnType<unknown, string, string>;
  fetched_at: ColumnType<Date, Date | string, Date | string>;
}

/** A signed-in fan's public profile (lib/profile): opt-in, one per user, reached at /u/{handle}. */
export interface ProfilesTable {
  user_id: string;
  /** The handle as the fan typed it. */
  handle: string;
  /** The handle in lower case: unique, what /u/{handle} looks up. */
  handle_key: string;
  display_name: string | null;
  /** Off: the profile answers 404, its settings kept. */
  enabled: boolean;
  /** The owner allows search engines (no `noindex`, listed in the sitemap). */
  indexable: boolean;
  show_ratings: boolean;
  show_stats: boolean;
  /** The lists shown (list types). */
  lists: ColumnType<unknown, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A handle a fan renamed away from: it leads to their profile until `expires_at` (30 days). */
export interface ProfileRedirectsTable {
  handle_key: string;
  /** The old handle as the fan had typed it. */
  handle: string;
  user_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** Facts about this copy of the database (lib/db/generation.ts). */
export interface ServerMetaTable {
  key: string;
  value: string;
}

export interface Database {
  library_users: LibraryUsersTable;
  library_entries: LibraryEntriesTable;
  anime_records: AnimeRecordsTable;
  anime_extras: AnimeExtrasTable;
  profiles: ProfilesTable;
  profile_redirects: ProfileRedirectsTable;
  server_meta: ServerMetaTable;
}

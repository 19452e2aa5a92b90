import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every schema change, in order, for PGlite and Postgres alike. Names sort in the order they run
 * (Kysely's Migrator runs the ones not yet recorded, under a lock, when the database is opened).
 * A feature adds its tables with a new entry at the end; an entry that has run is never edited.
 */
export const migrations: Record<string, Migration> = {
  '0001_library': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('library_users')
        .addColumn('user_id', 'text', (column) => column.primaryKey())
        .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('epoch', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('library_entries')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('entry_key', 'text', (column) => column.notNull())
        .addColumn('version', 'bigint', (column) => column.notNull())
        .addColumn('hlc', sql`text collate "C"`, (column) => column.notNull())
        .addColumn('deleted', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('data', 'jsonb')
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('library_entries_pkey', ['user_id', 'kind', 'entry_key'])
        .execute();
      await db.schema
        .createIndex('library_entries_user_version')
        .on('library_entries')
        .columns(['user_id', 'version'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('library_entries').execute();
      await db.schema.dropTable('library_users').execute();
    },
  },
  '0002_anime_records': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('anime_records')
        .addColumn('anime_id', 'integer', (column) => column.primaryKey())
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('full', 'listing')`))
        .addColumn('record', 'jsonb', (column) => column.notNull())
        .addColumn('fetched_at', 'timestamptz', (column) => column.notNull())
        .addColumn('translations', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('anime_records').execute();
    },
  },
  '0003_anime_extras': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('anime_extras')
        .addColumn('anime_id', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('data', 'jsonb', (column) => column.notNull())
        .addColumn('fetched_at', 'timestamptz', (column) => column.notNull())
        .addPrimaryKeyConstraint('anime_extras_pk', ['anime_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('anime_extras').execute();
    },
  },
  '0006_profiles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'text', (column) => column.primaryKey())
        .addColumn('handle', 'text', (column) => column.notNull())
        .addColumn('handle_key', 'text', (column) => column.notNull().unique())
        .addColumn('display_name', 'text')
        .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
        .addColumn('indexable', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('show_ratings', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('show_stats', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('lists', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('profile_redirects')
        .addColumn('handle_key', 'text', (column) => column.primaryKey())
        .addColumn('handle', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('profile_redirects_user')
        .on('profile_redirects')
        .column('user_id')
        .execute();
      // A profile render counts one user's list entries per list and ratings per star, and reads
      // the most recent of each: the list and the stars as plain columns (computed by the
      // database from each entry's data), in an index of the live entries only.
      await sql`alter table library_entries
        add column profile_list text generated always as (data->>'list') stored,
        add column profile_stars smallint generated always as (
          case when jsonb_typeof(data->'rating') = 'number' then (data->>'rating')::numeric::smallint end
        ) stored`.execute(db);
      await db.schema
        .createIndex('library_entries_profile_lists')
        .on('library_entries')
        .columns(['user_id', 'profile_list', 'version'])
        .where(sql<boolean>`kind = 'list' and not deleted`)
        .execute();
      await sql`create index library_entries_profile_ratings on library_entries (user_id, version)
        include (profile_stars) where kind = 'rating' and not deleted`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('library_entries_profile_ratings').execute();
      await db.schema.dropIndex('library_entries_profile_lists').execute();
      await sql`alter table library_entries drop column profile_list, drop column profile_stars`.execute(db);
      await db.schema.dropTable('profile_redirects').execute();
      await db.schema.dropTable('profiles').execute();
    },
  },
  '0007_server_meta': {
    async up(db: Kysely<unknown>) {
      // Facts about this copy of the database itself (lib/db/generation.ts), one row per key.
      await db.schema
        .createTable('server_meta')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('server_meta').execute();
    },
  },
};

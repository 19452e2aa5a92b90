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
};

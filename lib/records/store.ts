import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@/lib/db/schema';
import type { Anime, AnimeDetails } from '@/lib/jikan/types';

/**
 * The durable store of anime records: the last-known-good copy of every record fetched from the
 * anime database, one row per anime (at most about 28,000 for all of MyAnimeList), in the app's
 * database (lib/db: PGlite, or Postgres with DATABASE_URL). It survives restarts and is shared by
 * every instance on one Postgres.
 *
 * - A detail record ('full') replaces whatever the row held, unless the row holds a full record
 *   fetched later (two instances writing out of order).
 * - A listing row ('listing': a search or listing result, fewer fields) replaces only an older
 *   listing row: it never overwrites a full record with less data.
 * - Translated synopses sit in the same row, one per language, each with a digest of the text it
 *   was made from: a new translation replaces the old one, and a changed synopsis no longer matches.
 * - Every string and list is bounded (boundRecord), so a row stays within a few tens of KB.
 */

export type RecordKind = 'full' | 'listing';
export type TranslationLanguage = 'pt';

export interface StoredTranslation {
  /** sourceDigest() of the synopsis the translation was made from. */
  source: string;
  paragraphs: string[];
}

export interface StoredRecord {
  id: number;
  kind: RecordKind;
  record: AnimeDetails | Anime;
  fetchedAt: Date;
  translations: Partial<Record<TranslationLanguage, StoredTranslation>>;
}

/** Longest string kept (a synopsis is rarely over 3,000 characters; the translator takes 5,000). */
export const MAX_TEXT = 6000;
/** Most entries kept of any list (titles, genres, studios, links). */
export const MAX_LIST = 40;
/** Longest entry of a list, and longest URL. */
const MAX_ITEM = 500;

function text(value: string | null, max = MAX_TEXT): string | null {
  return value === null ? null : value.slice(0, max);
}

function list<T>(values: readonly T[], each: (value: T) => T): T[] {
  return values.slice(0, MAX_LIST).map(each);
}

const item = (value: string) => value.slice(0, MAX_ITEM);

/**
 * The record as stored: without the marks of how it was answered (offline, stale), with every
 * string and list cut to its bound.
 */
export function boundRecord<T extends Anime | AnimeDetails>(record: T): T {
  const {
    offline: _offline,
    adultFactsUnknown: _unknown,
    stale: _stale,
    ...rest
  } = record as T & { stale?: unknown };
  const bounded: Anime = {
    ...(rest as Anime),
    title: text(record.title, MAX_ITEM),
    titleEnglish: text(record.titleEnglish, MAX_ITEM),
    titleJapanese: text(record.titleJapanese, MAX_ITEM),
    synopsis: text(record.synopsis),
    images: {
      cover: text(record.images.cover, MAX_ITEM),
      small: text(record.images.small, MAX_ITEM),
    },
    genres: list(record.genres, item),
  };
  if (!('titles' in record)) return bounded as T;
  const details = record as AnimeDetails;
  return {
    ...bounded,
    titles: list(details.titles, (entry) => ({ type: item(entry.type), title: item(entry.title) })),
    studios: list(details.studios, item),
    externalLinks: list(details.externalLinks, (link) => ({ name: item(link.name), url: item(link.url) })),
    banner: text(details.banner, MAX_ITEM),
    ...(details.relations
      ? {
          relations: list(details.relations, (group) => ({
            relation: item(group.relation),
            entries: list(group.entries, (entry) => ({
              id: entry.id,
              type: item(entry.type),
              name: item(entry.name),
            })),
          })),
        }
      : {}),
  } as T;
}

/** The digest a stored translation names its source text by. */
export function sourceDigest(source: string): string {
  return createHash('sha1').update(source).digest('base64url');
}

/**
 * Writes records fetched at `fetchedAt`, each replacing its row by the rules above, in one
 * statement (an upsert): the batch is written whole or not at all.
 */
export async function saveRecords(
  db: Kysely<Database>,
  kind: RecordKind,
  records: readonly (Anime | AnimeDetails)[],
  fetchedAt: Date,
): Promise<void> {
  // One statement for the whole batch (a listing page is 25 rows), each anime once: an upsert
  // cannot touch the same row twice.
  const unique = [...new Map(records.map((record) => [record.id, record])).values()];
  if (unique.length === 0) return;
  await db
    .insertInto('anime_records')
    .values(
      unique.map((record) => ({
        anime_id: record.id,
        kind,
        record: JSON.stringify(boundRecord(record)),
        fetched_at: fetchedAt,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .column('anime_id')
        .doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          record: eb.ref('excluded.record'),
          fetched_at: eb.ref('excluded.fetched_at'),
        }))
        .where((eb) =>
          kind === 'full'
            ? eb.or([
                eb('anime_records.kind', '=', 'listing'),
                eb('anime_records.fetched_at', '<=', eb.ref('excluded.fetched_at')),
              ])
            : eb.and([
                eb('anime_records.kind', '=', 'listing'),
                eb('anime_records.fetched_at', '<=', eb.ref('excluded.fetched_at')),
              ]),
        ),
    )
    .execute();
}

/** The stored copy of anime `id`, or null when it was never stored. */
export async function readRecord(db: Kysely<Database>, id: number): Promise<StoredRecord | null> {
  const row = await db
    .selectFrom('anime_records')
    .select(['anime_id', 'kind', 'record', 'fetched_at', 'translations'])
    .where('anime_id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.anime_id,
    kind: row.kind,
    record: row.record as AnimeDetails | Anime,
    fetchedAt: new Date(row.fetched_at),
    translations: (row.translations ?? {}) as StoredRecord['translations'],
  };
}

/** The stored copies of `ids` that have one (one query, without their synopsis), by anime id. */
export async function readRecords(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Omit<StoredRecord, 'translations'>>> {
  const found = new Map<number, Omit<StoredRecord, 'translations'>>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return found;
  const rows = await db
    .selectFrom('anime_records')
    .select(['anime_id', 'kind', sql<Anime | AnimeDetails>`record - 'synopsis'`.as('record'), 'fetched_at'])
    .where('anime_id', 'in', unique)
    .execute();
  for (const row of rows) {
    found.set(row.anime_id, {
      id: row.anime_id,
      kind: row.kind,
      record: { ...row.record, id: row.anime_id, synopsis: null },
      fetchedAt: new Date(row.fetched_at),
    });
  }
  return found;
}

/**
 * Up to `size` stored records with ids above `afterId`, in id order, without their synopsis (a
 * page of the offline catalogue's enrichment: titles, covers, genres, rating).
 */
export async function readRecordPage(
  db: Kysely<Database>,
  afterId: number,
  size: number,
): Promise<(Anime | AnimeDetails)[]> {
  const rows = await db
    .selectFrom('anime_records')
    .select(['anime_id', sql<Anime | AnimeDetails>`record - 'synopsis'`.as('record')])
    .where('anime_id', '>', afterId)
    .orderBy('anime_id')
    .limit(size)
    .execute();
  return rows.map((row) => ({ ...row.record, id: row.anime_id, synopsis: null }));
}

/**
 * Keeps the translation of anime `id`'s synopsis into `language`, replacing the one before. Only
 * for a stored record (a translation is made from a record the server fetched, written first).
 */
export async function saveTranslation(
  db: Kysely<Database>,
  id: number,
  language: TranslationLanguage,
  translation: StoredTranslation,
): Promise<void> {
  // A translation runs a little longer than its source: twice the source's bound in all.
  let room = MAX_TEXT * 2;
  const paragraphs: string[] = [];
  for (const paragraph of translation.paragraphs.slice(0, MAX_LIST)) {
    if (room <= 0) break;
    paragraphs.push(paragraph.slice(0, room));
    room -= paragraph.length;
  }
  const entry = { source: translation.source, paragraphs };
  await db
    .updateTable('anime_records')
    .set({
      translations: sql`translations || jsonb_build_object(${language}::text, ${JSON.stringify(entry)}::jsonb)`,
    })
    .where('anime_id', '=', id)
    .execute();
}

/** The translation of anime `id` into `language` made from `source`, or null. */
export function storedTranslation(
  stored: StoredRecord | null,
  language: TranslationLanguage,
  source: string,
): string[] | null {
  const entry = stored?.translations[language];
  return entry && entry.source === sourceDigest(source) && Array.isArray(entry.paragraphs)
    ? entry.paragraphs
    : null;
}

/** What the adult gate reads of a stored record (lib/jikan/filter.ts isAdultAnime). */
export interface StoredAdultFacts {
  id: number;
  rating: string | null;
  genres: string[];
}

/**
 * The adult facts of up to `size` stored records after anime `afterId`, in id order, without the
 * rest of each record (a few dozen bytes a row): the sitemap (lib/sitemap) reads all of them.
 */
export async function readAdultFactsPage(
  db: Kysely<Database>,
  afterId: number,
  size: number,
): Promise<StoredAdultFacts[]> {
  const rows = await db
    .selectFrom('anime_records')
    .select([
      'anime_id',
      sql<string | null>`record->>'rating'`.as('rating'),
      sql<unknown>`record->'genres'`.as('genres'),
    ])
    .where('anime_id', '>', afterId)
    .orderBy('anime_id')
    .limit(size)
    .execute();
  return rows.map((row) => ({
    id: row.anime_id,
    rating: row.rating,
    genres: Array.isArray(row.genres)
      ? row.genres.filter((genre): genre is string => typeof genre === 'string')
      : [],
  }));
}

import 'server-only';
import type { Kysely } from 'kysely';
import { getDb } from '@/lib/db';
import type { Database } from '@/lib/db/schema';
import type { Anime, AnimeDetails } from '@/lib/jikan/types';
import { runAfterResponse } from '@/lib/server/background';
import { within } from '@/lib/utils/within';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import {
  readRecord,
  readRecordPage,
  readRecords,
  saveRecords,
  saveTranslation,
  sourceDigest,
  storedTranslation,
  type StoredRecord,
  type TranslationLanguage,
} from './store';
import { readExtra, readExtras, saveExtra, type ExtraKind, type StoredExtra } from './extras-store';

const log = serverLog('records');

/**
 * The durable store of anime records (store.ts) as the data layer uses it. It never fails a
 * request: a database that is down or slow is logged and the request goes on as if nothing were
 * stored. Writes leave the request's path: they queue here (one at a time, a bounded queue, each
 * within WRITE_TIMEOUT_MS), run through `after()` so the platform keeps the function alive until
 * they end, and a request never waits for them. A write dropped (the queue is full) or lost (it
 * failed or timed out) is counted in the log; nothing remembers it was made, so the record's next
 * fetch from the anime database writes it again.
 */

export type { StoredRecord } from './store';
export type { ExtraKind, StoredExtra } from './extras-store';

/** How long a read may take before the request goes on without the stored copy. */
export const READ_TIMEOUT_MS = 3000;
/**
 * How long a request waits for the database to open (once per process: PGlite initialises its
 * folder, Postgres connects and migrates): the data layer's own timeout, JIKAN_TIMEOUT_MS's default.
 */
export const OPEN_TIMEOUT_MS = 15_000;
/** Writes waiting beyond this many are dropped (counted in the log): the database is not keeping up. */
export const MAX_PENDING_WRITES = 200;
/** How long one write may take before the queue goes on without it (a hung write holds nothing). */
export const WRITE_TIMEOUT_MS = 10_000;

interface RecordStoreState {
  /** undefined: the app's database (getDb); null: no durable store. */
  db?: Promise<Kysely<Database>> | null;
  /** The database has opened in this process: reads no longer wait for the opening. */
  opened?: boolean;
  writes?: Promise<void>;
  pending?: number;
  warnedAt?: number;
  /** Writes dropped since the last warning about them. */
  dropped?: number;
  droppedWarnedAt?: number;
}

/**
 * The durable store's state in one process: its database `db` (a promise: a database still
 * opening; null: none; undefined, the app's: getDb), its write queue and its warnings.
 */
export function createRecordStoreState(
  db?: Kysely<Database> | Promise<Kysely<Database>> | null,
): RecordStoreState {
  if (db === undefined || db === null) return { db };
  return { db: Promise.resolve(db), opened: !(db instanceof Promise) };
}

const moduleState = () => processState<RecordStoreState>('records', createRecordStoreState);

function database(): Promise<Kysely<Database>> | null {
  const state = moduleState();
  if (state.db === null) return null;
  const opening = state.db ?? getDb();
  if (!state.opened) {
    opening.then(
      () => (state.opened = true),
      () => undefined,
    );
  }
  return opening;
}

/** One warning a minute at most while the database fails, not one per request. */
function warn(message: string, error: unknown): void {
  const state = moduleState();
  const now = Date.now();
  if (state.warnedAt && now - state.warnedAt < 60_000) return;
  state.warnedAt = now;
  log.warn({ err: error }, message);
}

/**
 * The stored copy of anime `id`, or null (never stored, or the database cannot answer now). With
 * `waitForOpen: false`, a database still opening (the first use in this process: PGlite
 * initialises its folder in seconds) is not waited for: the opening goes on, and the answer is
 * undefined ("not known yet"), so a request that Jikan can answer does not wait for it.
 */
export async function storedRecord(
  id: number,
  { waitForOpen = true }: { waitForOpen?: boolean } = {},
): Promise<StoredRecord | null | undefined> {
  return readStored(
    (db) => readRecord(db, id),
    waitForOpen,
    `could not read the stored record of anime ${id}; going on without it`,
  );
}

/**
 * One read of the durable store within its time limits: null when there is no database or the
 * read fails (warned as `failure`); undefined while it is still opening and `waitForOpen` is false.
 */
async function readStored<T>(
  read: (db: Kysely<Database>) => Promise<T | null>,
  waitForOpen: boolean,
  failure: string,
): Promise<T | null | undefined> {
  const state = moduleState();
  const opening = database();
  if (!opening) return null;
  if (!waitForOpen && !state.opened) return undefined;
  try {
    const db = await within(opening, OPEN_TIMEOUT_MS);
    return await within(read(db), READ_TIMEOUT_MS);
  } catch (error) {
    warn(failure, error);
    return null;
  }
}

/**
 * One warning a minute at most about dropped writes, with how many were dropped since the last.
 */
function countDropped(label: string): void {
  const state = moduleState();
  state.dropped = (state.dropped ?? 0) + 1;
  const now = Date.now();
  if (state.droppedWarnedAt && now - state.droppedWarnedAt < 60_000) return;
  state.droppedWarnedAt = now;
  log.warn(
    { waiting: MAX_PENDING_WRITES, dropped: state.dropped, latest: label },
    'writes dropped for a full queue; each is written again at its record’s next fetch',
  );
  state.dropped = 0;
}

/**
 * The stored copies (without their synopsis) of those of `ids` that have one, by anime id: one
 * query. Empty when the database cannot answer, and, with `waitForOpen: false`, while it is still
 * opening (a page render never waits for the opening).
 */
export async function storedRecords(
  ids: readonly number[],
  { waitForOpen = true }: { waitForOpen?: boolean } = {},
): Promise<Map<number, Omit<StoredRecord, 'translations'>>> {
  const state = moduleState();
  const opening = database();
  if (!opening || (!waitForOpen && !state.opened)) return new Map();
  try {
    const db = await within(opening, OPEN_TIMEOUT_MS);
    return await within(readRecords(db, ids), READ_TIMEOUT_MS);
  } catch (error) {
    warn(`could not read the stored records of ${ids.length} anime; going on without them`, error);
    return new Map();
  }
}

function enqueue(label: string, write: (db: Kysely<Database>) => Promise<void>): void {
  const state = moduleState();
  const opening = database();
  if (!opening) return;
  if ((state.pending ?? 0) >= MAX_PENDING_WRITES) {
    countDropped(label);
    return;
  }
  state.pending = (state.pending ?? 0) + 1;
  const done = (state.writes ?? Promise.resolve())
    .then(() => within(opening, OPEN_TIMEOUT_MS))
    .then((db) => within(write(db), WRITE_TIMEOUT_MS, `storing ${label}`))
    .catch((error: unknown) => warn(`could not store ${label}; written again at its next fetch`, error))
    .finally(() => {
      state.pending = (state.pending ?? 1) - 1;
    });
  state.writes = done;
  runAfterResponse(`storing ${label}`, () => done);
}

/** Keeps records just fetched from the anime database: details as full records, others as listing rows. */
export function keepRecords(records: readonly (Anime | AnimeDetails)[]): void {
  const fetchedAt = new Date();
  const full = records.filter((record): record is AnimeDetails => 'titles' in record);
  const listed = records.filter((record) => !('titles' in record));
  if (full.length) enqueue(`${full.length} record(s)`, (db) => saveRecords(db, 'full', full, fetchedAt));
  if (listed.length) {
    enqueue(`${listed.length} listing row(s)`, (db) => saveRecords(db, 'listing', listed, fetchedAt));
  }
}

/** The stored translation of anime `id`'s synopsis `source` into `language`, or null. */
export async function keptTranslation(
  id: number,
  language: TranslationLanguage,
  source: string,
): Promise<string[] | null> {
  return storedTranslation((await storedRecord(id)) ?? null, language, source);
}

/** Keeps a translation of anime `id`'s synopsis `source`, replacing the one before. */
export function keepTranslation(
  id: number,
  language: TranslationLanguage,
  source: string,
  paragraphs: string[],
): void {
  enqueue(`the ${language} synopsis of anime ${id}`, (db) =>
    saveTranslation(db, id, language, { source: sourceDigest(source), paragraphs }),
  );
}

/**
 * The kept `kind` (characters, staff, recommendations) of anime `id`, or null (never kept, or the
 * database cannot answer now); undefined while the database is still opening and `waitForOpen`
 * is false, as storedRecord.
 */
export async function storedExtra<T>(
  id: number,
  kind: ExtraKind,
  { waitForOpen = true }: { waitForOpen?: boolean } = {},
): Promise<StoredExtra<T> | null | undefined> {
  return readStored(
    (db) => readExtra<T>(db, id, kind),
    waitForOpen,
    `could not read the stored ${kind} of anime ${id}; going on without them`,
  );
}

/** The kept `kind` of each of `ids` that has one, by anime id (empty when the database cannot answer). */
export async function storedExtras<T>(
  ids: readonly number[],
  kind: ExtraKind,
): Promise<Map<number, StoredExtra<T>>> {
  const opening = database();
  if (!opening) return new Map();
  try {
    const db = await within(opening, OPEN_TIMEOUT_MS);
    return await within(readExtras<T>(db, ids, kind), READ_TIMEOUT_MS);
  } catch (error) {
    warn(`could not read the stored ${kind} of ${ids.length} anime; going on without them`, error);
    return new Map();
  }
}

/** Keeps what the anime database just answered as anime `id`'s `kind` (queued, as records are). */
export function keepExtra(id: number, kind: ExtraKind, data: unknown): void {
  const fetchedAt = new Date();
  enqueue(`the ${kind} of anime ${id}`, (db) => saveExtra(db, id, kind, data, fetchedAt));
}

/** How many records one step of eachStoredRecord reads. */
const PAGE_SIZE = 1000;

/**
 * Hands every stored record (without its synopsis) to `accept`, page by page, at most `limit`:
 * after a restart, the offline catalogue learns again the titles, covers and age ratings of what
 * was ever fetched. Never throws; answers how many records were read.
 */
export async function eachStoredRecord(
  accept: (record: Anime | AnimeDetails) => void,
  limit: number,
): Promise<number> {
  const opening = database();
  if (!opening) return 0;
  let count = 0;
  try {
    const db = await within(opening, OPEN_TIMEOUT_MS);
    for (let afterId = 0; count < limit;) {
      const page = await within(
        readRecordPage(db, afterId, Math.min(PAGE_SIZE, limit - count)),
        READ_TIMEOUT_MS,
      );
      for (const record of page) accept(record);
      count += page.length;
      if (page.length < PAGE_SIZE) break;
      afterId = page[page.length - 1]!.id;
    }
  } catch (error) {
    warn('could not read the stored records for the offline catalogue', error);
  }
  return count;
}

/** Writes queued and not yet made (reported by /api/health). */
export function pendingRecordWrites(): number {
  const state = moduleState();
  return state.pending ?? 0;
}

/** Resolves once every write queued so far has been made (or failed). */
export async function recordWritesSettled(): Promise<void> {
  const state = moduleState();
  await state.writes;
}

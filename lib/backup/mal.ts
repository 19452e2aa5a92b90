import { normalizeAnimeId, type AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import {
  findList,
  LIST_TYPES,
  readStoredLists,
  sanitizeDate,
  type ListsData,
  type ListType,
} from '@/lib/stores/lists-store';
import { writeKeys, type KeyChange } from '@/lib/stores/local-storage';
import { readBounded } from '@/lib/utils/read-bounded';
import { MAX_OPINION_LENGTH, readStoredRatings, type RatingsData } from '@/lib/stores/ratings-store';
import { starsFromScore } from '@/lib/tracker-import/mapping';
import { planListImport, type ImportRow } from './import-plan';

/**
 * MyAnimeList's list export (`animelist_*.xml`, often gzipped): `<myanimelist>` with one `<anime>`
 * per title (series_animedb_id, series_title, series_type, series_episodes, my_watched_episodes,
 * my_start_date, my_finish_date, my_score 0–10, my_status, my_comments). Statuses map to
 * our lists, score → stars = ceil(score / 2) with 0 = unrated, comments → opinion, progress and
 * dates kept; and the same format is written back out.
 */

export const MAX_MAL_BYTES = 20 * 1024 * 1024;

/** MAL writes statuses as words; some tools write MAL's numeric codes. */
const STATUS_TO_LIST: Record<string, ListType> = {
  watching: 'WATCHING',
  '1': 'WATCHING',
  completed: 'COMPLETED',
  '2': 'COMPLETED',
  'on-hold': 'ON_HOLD',
  'on hold': 'ON_HOLD',
  onhold: 'ON_HOLD',
  '3': 'ON_HOLD',
  dropped: 'DROPPED',
  '4': 'DROPPED',
  'plan to watch': 'PLAN_TO_WATCH',
  plantowatch: 'PLAN_TO_WATCH',
  '6': 'PLAN_TO_WATCH',
};

const LIST_TO_STATUS: Record<ListType, string> = {
  WATCHING: 'Watching',
  COMPLETED: 'Completed',
  ON_HOLD: 'On-Hold',
  DROPPED: 'Dropped',
  PLAN_TO_WATCH: 'Plan to Watch',
};

/** A row of the file: what every import writes (import-plan.ts), always with MAL's title as its copy. */
export interface MalRow extends Omit<ImportRow, 'updatedAt' | 'snapshot'> {
  snapshot: AnimeSnapshot;
}

export interface MalParseResult {
  rows: MalRow[];
  /** Rows without a valid id, or with neither a known status nor a score nor comments. */
  skipped: number;
  /** Rows whose status was unknown (their score and comments are still imported). */
  unknownStatus: number;
}

export function malStatusToList(status: string): ListType | null {
  return STATUS_TO_LIST[status.trim().toLowerCase()] ?? null;
}

/** SPEC scale is 1–5 stars; MAL's is 0–10 with 0 meaning "no score". */
export function malScoreToStars(score: number): number {
  return starsFromScore(score, 'MAL');
}

function malDate(value: string): string | null {
  // MAL writes 0000-00-00 for "no date"; partial dates like 2020-05-00 keep only what is known.
  if (!value || value.startsWith('0000')) return null;
  return sanitizeDate(value.replace(/-00$/, '-01').replace(/-00-01$/, '-01-01'));
}

function childText(element: Element, name: string): string {
  for (const child of Array.from(element.children)) {
    if (child.tagName === name) return (child.textContent ?? '').trim();
  }
  return '';
}

function whole(value: string): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : 0;
}

/** Parses MAL XML text; throws an Error with a short reason when it is not a MAL export. */
export function parseMalXml(text: string, now: Date = new Date(0)): MalParseResult {
  if (text.length > MAX_MAL_BYTES) throw new Error('File too large');
  // No DTDs: nothing in a MAL export needs one, and entities are a classic XML attack.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('Invalid XML');
  const document = new DOMParser().parseFromString(text, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error('Invalid XML');
  const root = document.documentElement;
  if (root.tagName !== 'myanimelist') throw new Error('Not a MyAnimeList export');

  const rows: MalRow[] = [];
  const seen = new Set<number>();
  let skipped = 0;
  let unknownStatus = 0;
  for (const anime of Array.from(root.children)) {
    if (anime.tagName !== 'anime') continue;
    const id = normalizeAnimeId(childText(anime, 'series_animedb_id'));
    if (id === null || seen.has(id)) {
      skipped++;
      continue;
    }
    const list = malStatusToList(childText(anime, 'my_status'));
    const rating = malScoreToStars(Number(childText(anime, 'my_score')));
    const opinion = childText(anime, 'my_comments').slice(0, MAX_OPINION_LENGTH);
    if (list === null) {
      unknownStatus++;
      if (rating === 0 && !opinion) {
        skipped++;
        continue;
      }
    }
    seen.add(id);
    const episodes = whole(childText(anime, 'series_episodes'));
    rows.push({
      id,
      list,
      rating,
      opinion,
      progress: whole(childText(anime, 'my_watched_episodes')),
      startedAt: malDate(childText(anime, 'my_start_date')),
      finishedAt: malDate(childText(anime, 'my_finish_date')),
      // MAL gives no cover: an old snapshot, so pages look the rest up in the background.
      snapshot: {
        title: childText(anime, 'series_title') || null,
        titleEnglish: null,
        image: null,
        type: childText(anime, 'series_type') || null,
        episodes: episodes > 0 ? episodes : null,
        score: null,
        takenAt: now.toISOString(),
      },
    });
  }
  return { rows, skipped, unknownStatus };
}

export interface MalImportSummary {
  lists: Record<ListType, number>;
  ratings: number;
  skipped: number;
  unknownStatus: number;
}

/** The storage changes that put `rows` into the lists and ratings (import-plan.ts's rules). */
export function planMalImport(
  rows: readonly MalRow[],
  current: ListsData,
  ratings: RatingsData = readStoredRatings(),
): { changes: KeyChange[]; summary: Omit<MalImportSummary, 'skipped' | 'unknownStatus'> } {
  // MAL's file says nothing of when a row changed: its rows count as the newest.
  const { changes, summary } = planListImport(
    rows.map((row) => ({ ...row, updatedAt: null })),
    { lists: current, ratings },
  );
  return { changes, summary: { lists: summary.lists, ratings: summary.ratings } };
}

export type MalImportResult = { ok: true; summary: MalImportSummary } | { ok: false; reason: string };

export function importMalText(text: string): MalImportResult {
  let parsed: MalParseResult;
  try {
    parsed = parseMalXml(text);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'Invalid XML' };
  }
  const { changes, summary } = planMalImport(parsed.rows, readStoredLists());
  const written = writeKeys(changes);
  if (!written.ok)
    return { ok: false, reason: written.reason === 'quota' ? 'Storage full' : 'No localStorage' };
  return { ok: true, summary: { ...summary, skipped: parsed.skipped, unknownStatus: parsed.unknownStatus } };
}

/** Text of a MAL export file, gunzipped when it is gzip (magic bytes 1f 8b). */
export async function readMalFile(file: Blob): Promise<string> {
  if (file.size > MAX_MAL_BYTES) throw new Error('File too large');
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return file.text();
  const stream = file.stream().pipeThrough(new DecompressionStream('gzip'));
  // Bound the unpacked size too: a small gzip can inflate to gigabytes.
  const bytes = await readBounded(stream, MAX_MAL_BYTES);
  if (!bytes) throw new Error('File too large');
  return new TextDecoder().decode(bytes);
}

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Listed anime (with their rating, when any) as a MAL export; rated-only anime have no status. */
export function buildMalXml(): { xml: string; count: number } {
  const lists = readStoredLists();
  const ratings = readStoredRatings();
  const rows: string[] = [];
  for (const type of LIST_TYPES) {
    for (const id of lists.lists[type]) {
      const entry = lists.entries[id];
      const rating = ratings.ratings[id];
      const snapshot = entry?.snapshot ?? ratings.entries[id]?.snapshot ?? null;
      rows.push(
        [
          '  <anime>',
          `    <series_animedb_id>${id}</series_animedb_id>`,
          `    <series_title>${cdata(snapshot?.title ?? '')}</series_title>`,
          `    <series_type>${cdata(snapshot?.type ?? '')}</series_type>`,
          `    <series_episodes>${snapshot?.episodes ?? 0}</series_episodes>`,
          '    <my_id>0</my_id>',
          `    <my_watched_episodes>${entry?.progress ?? 0}</my_watched_episodes>`,
          `    <my_start_date>${entry?.startedAt ?? '0000-00-00'}</my_start_date>`,
          `    <my_finish_date>${entry?.finishedAt ?? '0000-00-00'}</my_finish_date>`,
          `    <my_score>${(rating?.rating ?? 0) * 2}</my_score>`,
          `    <my_status>${LIST_TO_STATUS[findList(lists.lists, id) ?? type]}</my_status>`,
          `    <my_comments>${cdata(rating?.opinion ?? '')}</my_comments>`,
          '    <update_on_import>1</update_on_import>',
          '  </anime>',
        ].join('\n'),
      );
    }
  }
  const xml = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<myanimelist>',
    '  <myinfo>',
    '    <user_export_type>1</user_export_type>',
    `    <user_total_anime>${rows.length}</user_total_anime>`,
    '  </myinfo>',
    ...rows,
    '</myanimelist>',
    '',
  ].join('\n');
  return { xml, count: rows.length };
}

export function malFileName(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `animelist_anime-master_${now.getFullYear()}-${month}-${day}.xml`;
}

import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Anime, AnimeDetails } from '@/lib/jikan/types';
import { eachStoredRecord } from '@/lib/records';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { runAfterResponse } from '@/lib/server/background';
import { getRedis } from '@/lib/server/redis';
import {
  Catalogue,
  toSeenAnime,
  type CatalogueSearch,
  type CatalogueSeasonListing,
  type StreamingLink,
} from './catalogue';
import { buildCatalogue, CATALOGUE_FORMAT, type BangumiData, type CatalogueFile } from './convert.mjs';
import { japanDate, type Season } from './dates';
import { EnrichmentStore } from './enrichment-store';
import { MAX_SEEN } from './records';

const log = serverLog('catalogue');

/**
 * The offline catalogue of this server process: loaded lazily, once, on first use (the anime
 * database failing, or a detail page asking where to watch). It reads the file the build wrote
 * (scripts/build-catalogue.mjs → .catalogue/catalogue.json); when that is missing (`next dev`
 * without a build) it converts bangumi-data itself, which takes a few hundred milliseconds more.
 * Dates are judged against the real current date, in Japan.
 */

export type { StreamingLink } from './catalogue';

export const CATALOGUE_PATH = path.join(process.cwd(), '.catalogue', 'catalogue.json');

interface CatalogueState {
  catalogue?: Catalogue | null;
  /** Records seen before the catalogue loaded; handed over when it does. */
  catalogueBacklog?: Map<number, Anime | AnimeDetails>;
  /** The enrichment in Redis (REDIS_URL), null without. */
  enrichmentStore?: EnrichmentStore | null;
  /** The reload of the stored enrichment, started on first catalogue use. */
  enrichmentReload?: Promise<number>;
}

/** The catalogue's state in one process: `catalogue`, else the offline file loaded on first use. */
export function createCatalogueState(catalogue?: Catalogue): CatalogueState {
  return { catalogue };
}

const moduleState = () => processState<CatalogueState>('catalogue', createCatalogueState);

function enrichmentStore(): EnrichmentStore | null {
  const state = moduleState();
  if (state.enrichmentStore === undefined) {
    const redis = getRedis();
    state.enrichmentStore = redis ? new EnrichmentStore(redis) : null;
  }
  return state.enrichmentStore;
}

/**
 * Reloads what any instance learnt before (Redis, then the durable store of records), without
 * overwriting what this process has learnt since it started. Resolves to the number of records
 * read.
 */
function reloadEnrichment(catalogue: Catalogue): Promise<number> {
  const state = moduleState();
  state.enrichmentReload ??= (async () => {
    const started = performance.now();
    const fromRedis =
      (await enrichmentStore()?.load((seen) => {
        if (!catalogue.seenAnime(seen.id)) catalogue.rememberSeen(seen);
      })) ?? 0;
    const fromStore = await eachStoredRecord((record) => {
      if (!catalogue.seenAnime(record.id)) catalogue.remember(record);
    }, MAX_SEEN);
    const count = fromRedis + fromStore;
    if (count) {
      log.info(
        { count, fromRedis, fromStore, ms: Math.round(performance.now() - started) },
        'enriched records reloaded',
      );
    }
    return count;
  })();
  return state.enrichmentReload;
}

/** Resolves once the stored enrichment (if any) is in the catalogue; loads the catalogue. */
export async function catalogueEnriched(): Promise<Catalogue | null> {
  const catalogue = getCatalogue();
  if (catalogue) await reloadEnrichment(catalogue);
  return catalogue;
}

function readCatalogueFile(): CatalogueFile {
  try {
    const file = JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')) as CatalogueFile;
    if (file.format === CATALOGUE_FORMAT) return file;
    log.warn(
      { file: CATALOGUE_PATH, format: file.format },
      'catalogue file of another format; rebuilding in memory',
    );
  } catch (error) {
    log.warn({ file: CATALOGUE_PATH, err: error }, 'catalogue file unreadable; building in memory');
  }
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const data = JSON.parse(
    readFileSync(require.resolve('bangumi-data/dist/data.json'), 'utf8'),
  ) as BangumiData;
  const { version } = JSON.parse(readFileSync(require.resolve('bangumi-data/package.json'), 'utf8')) as {
    version: string;
  };
  return buildCatalogue(data, version);
}

/** The catalogue, loading it on first call; null when it cannot be loaded at all (logged once). */
export function getCatalogue(): Catalogue | null {
  const state = moduleState();
  if (state.catalogue !== undefined) return state.catalogue;
  const started = performance.now();
  try {
    const catalogue = new Catalogue(readCatalogueFile());
    for (const anime of state.catalogueBacklog?.values() ?? []) catalogue.remember(anime);
    state.catalogueBacklog = undefined;
    log.info(
      { size: catalogue.size, ms: Math.round(performance.now() - started) },
      'offline catalogue loaded',
    );
    state.catalogue = catalogue;
    runAfterResponse('loading the catalogue enrichment', () => reloadEnrichment(catalogue));
  } catch (error) {
    log.error({ err: error }, 'could not load the offline catalogue');
    state.catalogue = null;
  }
  return state.catalogue;
}

const BACKLOG_MAX = 2_000;

/**
 * Enrichment: lib/jikan hands over every record it fetched. Before the catalogue is loaded they
 * wait in a small backlog, so a healthy server never pays the load just to remember titles.
 */
export function rememberAnime(records: readonly (Anime | AnimeDetails)[]): void {
  const state = moduleState();
  const catalogue = state.catalogue;
  const saved = enrichmentStore();
  if (catalogue) {
    for (const anime of records) catalogue.remember(anime);
    const seen = records.map((anime) => catalogue.seenAnime(anime.id) ?? toSeenAnime(anime));
    if (saved) runAfterResponse('saving the catalogue enrichment', () => saved.save(seen));
    return;
  }
  if (catalogue === null) return;
  const seen = records.map((anime) => toSeenAnime(anime));
  if (saved) runAfterResponse('saving the catalogue enrichment', () => saved.save(seen));
  const backlog = (state.catalogueBacklog ??= new Map());
  for (const anime of records) {
    backlog.delete(anime.id);
    backlog.set(anime.id, anime);
    if (backlog.size > BACKLOG_MAX) backlog.delete(backlog.keys().next().value as number);
  }
}

function today(): string {
  return japanDate(new Date());
}

export function catalogueSearch(query: CatalogueSearch): { items: Anime[]; hasNextPage: boolean } | null {
  return getCatalogue()?.search(query, today()) ?? null;
}

export function catalogueSeasonNow(params: {
  type?: string;
  page: number;
  limit: number;
}): CatalogueSeasonListing | null {
  return getCatalogue()?.seasonNow(params, today()) ?? null;
}

/** What premiered in one season of the archive, from the catalogue (the season archive's stand-in). */
export function catalogueSeason(params: {
  season: Season;
  type?: string;
  page: number;
  limit: number;
}): { items: Anime[]; hasNextPage: boolean } | null {
  return getCatalogue()?.season(params, today()) ?? null;
}

/** Whether `id` is a real anime as far as this server knows (the catalogue, or a record seen since). */
export function catalogueKnows(id: number): boolean {
  return getCatalogue()?.has(id) ?? false;
}

export function catalogueDetails(id: number): AnimeDetails | null {
  return getCatalogue()?.details(id, today()) ?? null;
}

export function streamingLinks(id: number): StreamingLink[] {
  return getCatalogue()?.streamingLinks(id) ?? [];
}

/** The data's name, version and licence, for the credit line. */
export function catalogueSource(): Catalogue['source'] | null {
  return getCatalogue()?.source ?? null;
}

import 'server-only';
import { LRUCache } from 'lru-cache';
import { cleanSynopsis } from '@/lib/detail/synopsis';
import { getAnimeDetails, isAdultAnime } from '@/lib/jikan';
import { keepTranslation, keptTranslation } from '@/lib/records';
import { singleFlight } from '@/lib/server/cache';
import { isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { tryTranslateToPortuguese } from './index';

const log = serverLog('translate');

/**
 * The Portuguese synopsis of an anime, by id (no open translation proxy). The server
 * translates only the synopsis of the record it fetched itself, so nobody can spend the translator
 * on text of their choosing. The credit line stays untranslated (it names a person or a source).
 */

/** A translation does not change while the synopsis does not: keep it a week. */
export const TRANSLATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** After a failure, wait this long before spending another translator call on the same id. */
export const FAILURE_TTL_MS = 5 * 60 * 1000;

interface Entry {
  /** The cleaned original text the translation was made from; a changed synopsis is retranslated. */
  source: string;
  paragraphs: string[] | null;
}

const moduleState = () => processState<{ synopsisPt?: LRUCache<number, Entry> }>('synopsis', () => ({}));

function synopses(): LRUCache<number, Entry> {
  const state = moduleState();
  state.synopsisPt ??= new LRUCache<number, Entry>({ max: 2000, ttl: TRANSLATION_TTL_MS });
  return state.synopsisPt;
}

/**
 * The cleaned synopsis paragraphs of anime `id` in Portuguese, or null when there is nothing to
 * translate (no synopsis, an adult record, an unknown id) or the translator failed: callers then
 * show the original. Never throws.
 */
export async function getSynopsisPt(id: number): Promise<string[] | null> {
  let source: string;
  try {
    const anime = await getAnimeDetails(id);
    // Adult synopses are never shown to the anonymous page this serves (SPEC §2/§6).
    if (isAdultAnime(anime)) return null;
    source = cleanSynopsis(anime.synopsis).paragraphs.join('\n\n');
  } catch (error) {
    if (!isAppError(error)) log.error({ id, err: error }, 'synopsis: unexpected error');
    return null;
  }
  if (!source) return null;

  const known = synopses().get(id);
  if (known && known.source === source) return known.paragraphs;

  return singleFlight(`synopsis-pt:${id}`, async () => {
    // The durable store keeps the last translation of every stored record (lib/records): the
    // translator is the costliest call, and after a restart it may be down with the anime database.
    const kept = await keptTranslation(id, 'pt', source);
    if (kept) {
      synopses().set(id, { source, paragraphs: kept });
      return kept;
    }
    const translated = await tryTranslateToPortuguese(source);
    const paragraphs = translated ? cleanSynopsis(translated).paragraphs : null;
    if (paragraphs?.length) keepTranslation(id, 'pt', source, paragraphs);
    synopses().set(
      id,
      { source, paragraphs: paragraphs?.length ? paragraphs : null },
      paragraphs?.length ? {} : { ttl: FAILURE_TTL_MS },
    );
    return paragraphs?.length ? paragraphs : null;
  });
}

'use client';

import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { apiGet, isAbortError } from '@/lib/api-client';
import { animeTitle } from '@/lib/anime-display';
import { sequelIdsOf, sequelSources, type FanLibrary, type SequelCandidate } from '@/lib/for-you/suggest';
import { isGatedAnime } from '@/lib/jikan/gate';
import type { AnimeDetails, GatedAnime } from '@/lib/jikan/types';
import { createLimiter } from '@/lib/stores/snapshot-fetch';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * 'Continuação de …': the direct sequels of the fan's most recently completed shows, from their
 * records' relations (GET /api/anime/{id}, the server's cached record, gated for the caller), and
 * each sequel's own record for its card. A sequel the fan rated, listed or dismissed is left out
 * (lib/for-you suggest); one the caller may not see (an adult record's stub) never shows.
 * Records are kept in memory for this tab, per kind of access; a failed lookup is skipped.
 */

const NONE: SequelCandidate[] = [];
const records = new Map<string, Promise<AnimeDetails | null>>();
const run = createLimiter(2);

function record(id: number, adult: boolean): Promise<AnimeDetails | null> {
  const key = `${adult ? 'adult' : 'visitor'}:${id}`;
  let known = records.get(key);
  if (!known) {
    known = run(() => apiGet<{ data: AnimeDetails | GatedAnime }>(`/api/anime/${id}`)).then(
      ({ data }) => (isGatedAnime(data) ? null : data),
      (error: unknown) => {
        records.delete(key);
        if (!isAbortError(error)) console.warn(`[for-you] record ${id} could not be had`, error);
        return null;
      },
    );
    records.set(key, known);
  }
  return known;
}

export function useSequels(library: FanLibrary, enabled: boolean): SequelCandidate[] {
  const locale = useLocale();
  const adult = useAuthStore(selectCanAccessAdult);
  const sources = useMemo(() => sequelSources(library).join(','), [library]);
  const [found, setFound] = useState<{ key: string; sequels: SequelCandidate[] }>({ key: '', sequels: [] });
  const key = `${adult}:${locale}:${sources}`;

  useEffect(() => {
    if (!enabled || !sources) return;
    let live = true;
    void (async () => {
      const sequels: SequelCandidate[] = [];
      for (const id of sources.split(',').map(Number)) {
        const completed = await record(id, adult);
        if (!completed) continue;
        for (const sequelId of sequelIdsOf(completed)) {
          const sequel = await record(sequelId, adult);
          if (sequel) sequels.push({ of: { id, title: animeTitle(completed, locale) }, anime: sequel });
        }
        if (live) setFound({ key, sequels: [...sequels] });
      }
    })();
    return () => {
      live = false;
    };
  }, [enabled, sources, adult, locale, key]);

  return found.key === key ? found.sequels : NONE;
}

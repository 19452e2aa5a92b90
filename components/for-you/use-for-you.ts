'use client';

import { useLocale } from 'next-intl';
import { useMemo, useSyncExternalStore } from 'react';
import { animeTitle } from '@/lib/anime-display';
import {
  chooseSeeds,
  stillUnknown,
  suggest,
  withSeedTitles,
  type FanLibrary,
  type SequelCandidate,
  type Suggestion,
} from '@/lib/for-you/suggest';
import type { RecommendedAnime } from '@/lib/jikan/recommendation-types';
import type { AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { LIST_TYPES, useListsStore } from '@/lib/stores/lists-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { useRecommendations } from './use-recommendations';
import { useSequels } from './use-sequels';

export type ForYouState =
  | { status: 'loading' }
  /** Nothing rated 4–5★, completed or being watched: nothing to suggest from. */
  | { status: 'noSeeds' }
  | {
      status: 'ready';
      suggestions: Suggestion[];
      /** Seeds asked so far, and how many there are (at most MAX_SEEDS). */
      done: number;
      total: number;
      /** Some seeds could not be asked: the anime database did not answer. */
      outage: boolean;
      /** Some lists are copies kept from before an outage. */
      stale: boolean;
      /**
       * Different recommended anime withheld from this visitor while their age rating is being
       * checked (the server learns them, a few per visit): the count shrinks as they are learnt.
       */
      withheld: number;
    };

function useDismissedHydrated(): boolean {
  return useSyncExternalStore(
    (onChange) => useDismissedStore.persist.onFinishHydration(onChange),
    () => useDismissedStore.persist.hasHydrated(),
    () => false,
  );
}

function titleOf(snapshot: AnimeSnapshot | null | undefined, locale: string): string | null {
  return snapshot ? animeTitle(snapshot, locale) : null;
}

/**
 * 'Para você' for the fan on this device: the seeds from the ratings and lists stores, their
 * recommendations from the API (shared, cached on the server), scored here (lib/for-you).
 */
export function useForYou(): ForYouState {
  const locale = useLocale();
  const storesHydrated = useStoresHydrated();
  const dismissedHydrated = useDismissedHydrated();
  const hydrated = storesHydrated && dismissedHydrated;
  const ratings = useRatingsStore((state) => state.ratings);
  const ratingEntries = useRatingsStore((state) => state.entries);
  const lists = useListsStore((state) => state.lists);
  const listEntries = useListsStore((state) => state.entries);
  const dismissed = useDismissedStore((state) => state.dismissed);

  const library: FanLibrary = useMemo(
    () => ({
      ratings: Object.entries(ratings)
        .filter(([, value]) => value.rating > 0)
        .map(([key, value]) => {
          const id = Number(key);
          return {
            id,
            stars: value.rating,
            at: ratingEntries[id]?.ratedAt ?? null,
            title: titleOf(ratingEntries[id]?.snapshot ?? listEntries[id]?.snapshot, locale),
          };
        }),
      listed: LIST_TYPES.flatMap((list) =>
        lists[list].map((id) => {
          const entry = listEntries[id];
          return {
            id,
            list,
            at: entry?.finishedAt ?? entry?.startedAt ?? null,
            title: titleOf(entry?.snapshot ?? ratingEntries[id]?.snapshot, locale),
          };
        }),
      ),
      dismissed: new Set(Object.keys(dismissed).map(Number)),
    }),
    [ratings, ratingEntries, lists, listEntries, dismissed, locale],
  );
  const seeds = useMemo(() => chooseSeeds(library), [library]);
  const seedIds = useMemo(() => seeds.map((seed) => seed.id), [seeds]);
  const { states } = useRecommendations(seedIds, hydrated);
  const sequels: SequelCandidate[] = useSequels(library, hydrated);

  return useMemo((): ForYouState => {
    if (!hydrated) return { status: 'loading' };
    if (seeds.length === 0 && sequels.length === 0) return { status: 'noSeeds' };
    const recommendations = new Map<number, RecommendedAnime[]>();
    const titles = new Map<number, string>();
    const withheldIds: number[][] = [];
    let done = 0;
    let outage = false;
    let stale = false;
    for (const id of seedIds) {
      const state = states.get(id);
      if (state?.status === 'done') {
        done += 1;
        const { answer } = state;
        recommendations.set(id, answer.items);
        stale ||= !!answer.stale;
        withheldIds.push(answer.withheldIds ?? []);
        const title = answer.source ? animeTitle(answer.source, locale) : null;
        if (title) titles.set(id, title);
      } else if (state?.status === 'gaveUp') {
        done += 1;
        outage = true;
      }
    }
    const named = withSeedTitles(seeds, titles);
    return {
      status: 'ready',
      suggestions: suggest(library, named, recommendations, sequels),
      done,
      total: seedIds.length,
      outage,
      stale,
      withheld: stillUnknown(library, seeds, withheldIds),
    };
  }, [hydrated, seeds, seedIds, states, library, sequels, locale]);
}

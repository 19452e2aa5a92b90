'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, apiGet, isAbortError } from '@/lib/api-client';
import type { RecommendationsAnswer } from '@/lib/jikan/recommendation-types';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * The recommendations beside each of `ids` (GET /api/anime/{id}/recommendations), two at a time.
 * The server calls the anime database only when its limiter has room: an answer 'pending' (or
 * the caller's budget spent, or no answer at all) is asked again later, a few times, with a
 * growing pause. 'unavailable' (the database is down and nothing was kept) is given up on at once:
 * the page says so and offers a retry. Answers are kept in memory for this tab, per kind of access (a verified adult
 * sees what a visitor does not), so going back and forth costs nothing.
 */

export type RecommendationsState =
  | { status: 'loading' }
  | { status: 'waiting'; attempt: number }
  | { status: 'done'; answer: RecommendationsAnswer }
  /** Asked several times without an answer: what is known stays, marked. */
  | { status: 'gaveUp' };

/** How many times a seed is asked before the page stops waiting for it. */
export const MAX_ATTEMPTS = 5;
const CONCURRENCY = 2;
const FIRST_PAUSE_MS = 4000;

const answered = new Map<string, RecommendationsAnswer>();

const memoryKey = (adult: boolean, id: number) => `${adult ? 'adult' : 'visitor'}:${id}`;

/** An answer worth keeping for the tab: a real list (fresh or stale), not "not yet". */
function isFinal(answer: RecommendationsAnswer): boolean {
  return !answer.pending && !answer.unavailable;
}

export interface Recommendations {
  states: ReadonlyMap<number, RecommendationsState>;
  /** Asks again for what was given up on (a retry button). */
  retry: () => void;
}

export function useRecommendations(ids: readonly number[], enabled = true): Recommendations {
  const adult = useAuthStore(selectCanAccessAdult);
  // What arrived in this tab; an id with no entry here is loading, or known from `answered`.
  const [results, setResults] = useState<ReadonlyMap<string, RecommendationsState>>(() => new Map());
  const [round, setRound] = useState(0);
  const key = ids.join(',');

  useEffect(() => {
    if (!enabled) return;
    const wanted = key ? key.split(',').map(Number) : [];
    const controller = new AbortController();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const queue: { id: number; attempt: number }[] = [];
    let running = 0;
    const set = (id: number, state: RecommendationsState) =>
      setResults((previous) => new Map(previous).set(memoryKey(adult, id), state));

    for (const id of wanted) {
      if (!answered.has(memoryKey(adult, id))) queue.push({ id, attempt: 1 });
    }

    const later = (id: number, attempt: number, afterSeconds?: number) => {
      if (attempt > MAX_ATTEMPTS) return set(id, { status: 'gaveUp' });
      set(id, { status: 'waiting', attempt });
      const pause = Math.max((afterSeconds ?? 0) * 1000, FIRST_PAUSE_MS * 2 ** (attempt - 2));
      const timer = setTimeout(() => {
        timers.delete(timer);
        queue.push({ id, attempt });
        pump();
      }, pause);
      timers.add(timer);
    };

    const ask = async ({ id, attempt }: { id: number; attempt: number }) => {
      try {
        const { data } = await apiGet<{ data: RecommendationsAnswer }>(
          `/api/anime/${id}/recommendations`,
          {},
          { signal: controller.signal },
        );
        if (isFinal(data)) {
          answered.set(memoryKey(adult, id), data);
          set(id, { status: 'done', answer: data });
        } else if (data.unavailable) {
          // The anime database is not answering and nothing was kept: said at once, with a retry.
          set(id, { status: 'gaveUp' });
        } else {
          later(id, attempt + 1, data.retryAfterSeconds);
        }
      } catch (error) {
        if (isAbortError(error)) return;
        // An id the server refuses will not change its mind: nothing to suggest from it.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          set(id, { status: 'done', answer: { items: [], withheld: 0 } });
          return;
        }
        later(id, attempt + 1);
      }
    };

    function pump() {
      while (running < CONCURRENCY && queue.length && !controller.signal.aborted) {
        const next = queue.shift()!;
        running += 1;
        void ask(next).finally(() => {
          running -= 1;
          pump();
        });
      }
    }
    pump();

    return () => {
      controller.abort();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [key, adult, enabled, round]);

  const states = useMemo(() => {
    const map = new Map<number, RecommendationsState>();
    for (const id of key ? key.split(',').map(Number) : []) {
      const known = answered.get(memoryKey(adult, id));
      map.set(
        id,
        known
          ? { status: 'done', answer: known }
          : (results.get(memoryKey(adult, id)) ?? { status: 'loading' }),
      );
    }
    return map;
  }, [key, adult, results]);

  const retry = useCallback(() => {
    setResults((previous) => new Map([...previous].filter(([, state]) => state.status !== 'gaveUp')));
    setRound((value) => value + 1);
  }, []);

  return { states, retry };
}

/** Test-only: forget the answers kept for this tab. */
export function forgetRecommendationsForTests(): void {
  answered.clear();
}

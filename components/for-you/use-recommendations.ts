'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, apiGet, isAbortError } from '@/lib/api-client';
import type { RecommendationsAnswer } from '@/lib/jikan/recommendation-types';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * The recommendations beside each of `ids` (GET /api/anime/{id}/recommendations), two at a time.
 * The server calls the anime database only when its limiter has room: an answer 'pending' (or no
 * answer at all) is asked again later, a few times, with a growing pause. A refusal of the
 * caller's budget (429) is asked again when its Retry-After says, without counting as a failure:
 * the budget refills, the list is never dropped. A partial answer (records being learnt on the
 * server, one per request) shows at once and is asked again a few times, so it completes while
 * the page is open. 'unavailable' (the database is down and nothing was kept) is given up on at
 * once: the page says so and offers a retry. Answers are kept in memory for this tab, per kind of
 * access (a verified adult sees what a visitor does not), so going back and forth costs nothing.
 */

export type RecommendationsState =
  | { status: 'loading' }
  | { status: 'waiting'; attempt: number }
  | { status: 'done'; answer: RecommendationsAnswer }
  /** Asked several times without an answer: what is known stays, marked. */
  | { status: 'gaveUp' };

/** How many times a seed is asked before the page stops waiting for it. */
export const MAX_ATTEMPTS = 5;
/** How many times a partial list is asked again while the page is open. */
export const MAX_PARTIAL_ASKS = 8;
/** Budget refusals asked again before giving up (each waits for its Retry-After). */
const MAX_REFUSALS = 30;
const CONCURRENCY = 2;
const FIRST_PAUSE_MS = 4000;
const PARTIAL_PAUSE_MS = 3000;

const answered = new Map<string, RecommendationsAnswer>();

/** One ask: which try it is (failures), how many partial answers and budget refusals came before. */
interface Ask {
  id: number;
  attempt: number;
  partial: number;
  refused: number;
}

/** Up to a second, so that asks refused together do not all come back in the same instant. */
const jitter = () => Math.floor(Math.random() * 1000);

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
    const queue: Ask[] = [];
    let running = 0;
    const set = (id: number, state: RecommendationsState) =>
      setResults((previous) => new Map(previous).set(memoryKey(adult, id), state));

    for (const id of wanted) {
      const known = answered.get(memoryKey(adult, id));
      if (!known) queue.push({ id, attempt: 1, partial: 0, refused: 0 });
      // A list still partial when this tab kept it: asked again for what was learnt since.
      else if (known.partial) queue.push({ id, attempt: 1, partial: 1, refused: 0 });
    }

    const schedule = (next: Ask, pause: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        queue.push(next);
        pump();
      }, pause);
      timers.add(timer);
    };

    const later = (ask: Ask, afterSeconds?: number) => {
      const attempt = ask.attempt + 1;
      if (attempt > MAX_ATTEMPTS) return set(ask.id, { status: 'gaveUp' });
      if (!answered.has(memoryKey(adult, ask.id))) set(ask.id, { status: 'waiting', attempt });
      const pause = Math.max((afterSeconds ?? 0) * 1000, FIRST_PAUSE_MS * 2 ** (attempt - 2));
      schedule({ ...ask, attempt }, pause);
    };

    /** The caller's budget is spent: asked again once it has refilled, never given up early. */
    const refused = (ask: Ask, afterSeconds: number | undefined) => {
      if (ask.refused >= MAX_REFUSALS) return later(ask, afterSeconds);
      if (!answered.has(memoryKey(adult, ask.id))) set(ask.id, { status: 'waiting', attempt: ask.attempt });
      schedule({ ...ask, refused: ask.refused + 1 }, Math.max(1, afterSeconds ?? 5) * 1000 + jitter());
    };

    const ask = async (current: Ask) => {
      const { id } = current;
      try {
        const { data } = await apiGet<{ data: RecommendationsAnswer }>(
          `/api/anime/${id}/recommendations`,
          {},
          { signal: controller.signal },
        );
        if (isFinal(data)) {
          answered.set(memoryKey(adult, id), data);
          set(id, { status: 'done', answer: data });
          if (data.partial && current.partial < MAX_PARTIAL_ASKS) {
            const partial = current.partial + 1;
            schedule({ ...current, partial, attempt: 1 }, PARTIAL_PAUSE_MS * Math.min(4, partial));
          }
        } else if (data.unavailable) {
          // A list kept from before stays; else the database is not answering and nothing was
          // kept: said at once, with a retry.
          if (!answered.has(memoryKey(adult, id))) set(id, { status: 'gaveUp' });
        } else if (data.retryAfterSeconds !== undefined) {
          refused(current, data.retryAfterSeconds);
        } else {
          later(current);
        }
      } catch (error) {
        if (isAbortError(error)) return;
        if (error instanceof ApiError && error.status === 429) {
          refused(current, error.retryAfterSeconds);
          return;
        }
        // An id the server refuses will not change its mind: nothing to suggest from it.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          set(id, { status: 'done', answer: { items: [], withheld: 0 } });
          return;
        }
        later(current);
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

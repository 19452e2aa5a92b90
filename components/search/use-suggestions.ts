'use client';

import { useEffect, useState } from 'react';
import { apiGet, isAbortError } from '@/lib/api-client';
import type { Anime, AnimePage } from '@/lib/jikan/types';

/** SPEC §5/§9: suggestions for a trimmed term of 2+ characters, 300 ms after the last keystroke, 5 at most. */
export const SUGGESTION_MIN_LENGTH = 2;
const SUGGESTION_DEBOUNCE_MS = 300;
const MAX_SUGGESTIONS = 5;

export type Suggestions =
  | { status: 'idle'; items: [] }
  | { status: 'loading'; items: [] }
  | { status: 'loaded'; items: Anime[] }
  | { status: 'failed'; items: [] };

interface Answer {
  query: string;
  status: 'loaded' | 'failed';
  items: Anime[];
}

/**
 * Suggestions for `term`. Each keystroke cancels the pending timer and aborts the request in
 * flight, and an answer is shown only while it is for the current term, so typing fast never
 * shows results for an older one (nor sends a request per letter).
 */
export function useSuggestions(term: string): Suggestions {
  const query = term.trim();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (query.length < SUGGESTION_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<AnimePage>('/api/anime/suggest', { q: query }, { signal: controller.signal }).then(
        (page) => {
          // An answer that was already on its way when the term changed must not replace a newer one.
          if (!controller.signal.aborted)
            setAnswer({ query, status: 'loaded', items: page.data.slice(0, MAX_SUGGESTIONS) });
        },
        (error: unknown) => {
          if (!controller.signal.aborted && !isAbortError(error))
            setAnswer({ query, status: 'failed', items: [] });
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  if (query.length < SUGGESTION_MIN_LENGTH) return { status: 'idle', items: [] };
  if (answer?.query !== query) return { status: 'loading', items: [] };
  return answer.status === 'loaded'
    ? { status: 'loaded', items: answer.items }
    : { status: 'failed', items: [] };
}

'use client';

import { useCallback, useRef, useState } from 'react';
import { apiGet, isAbortError, type ApiParams } from '@/lib/api-client';
import type { Anime, AnimePage } from '@/lib/jikan/types';

export type RetryState =
  | { status: 'failed' }
  | { status: 'loading' }
  | { status: 'loaded'; items: Anime[]; hasNextPage: boolean };

/**
 * A listing that failed while its page was rendered. Cached pages must not hold on to errors
 * (lib/server/render-cache.ts), so a retry does not re-render the page: it asks our API for the
 * same listing and shows the answer here.
 */
export function useListingRetry(endpoint: string, params: ApiParams) {
  const [state, setState] = useState<RetryState>({ status: 'failed' });
  const controller = useRef<AbortController | null>(null);
  const paramsKey = JSON.stringify(params);

  const retry = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    apiGet<AnimePage>(endpoint, JSON.parse(paramsKey) as ApiParams, { signal: current.signal })
      .then((page) =>
        setState({ status: 'loaded', items: page.data, hasNextPage: page.pagination.hasNextPage }),
      )
      .catch((error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed' });
      });
  }, [endpoint, paramsKey]);

  return { state, retry };
}

'use client';

import { useEffect, useState } from 'react';
import type { ApiParams } from '@/lib/api-client';
import type { Anime, AnimePage } from '@/lib/jikan/types';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * Cached pages are rendered for an anonymous visitor, so they leave adult records out (SPEC §6).
 * Once sign-in resolves as a verified adult, this asks our API for the same listing with the ID
 * token (api-client adds it; the server re-checks it) and answers the full list to show instead.
 * Null means "keep what the page rendered": a visitor, a minor, still loading, or a failed call.
 * Signing out drops the swapped list at once.
 */
export function useAdultListing(path: string, params: ApiParams, enabled = true): Anime[] | null {
  const adult = useAuthStore(selectCanAccessAdult);
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const key = JSON.stringify([path, params, uid]);
  const [result, setResult] = useState<{ key: string; items: Anime[] } | null>(null);

  useEffect(() => {
    if (!adult || !enabled) return;
    const controller = new AbortController();
    // The API client loads only for a verified adult: no visitor's page carries it for this.
    void import('@/lib/api-client').then(({ apiGet, isAbortError }) =>
      apiGet<AnimePage>(path, params, { signal: controller.signal }).then(
        (page) => setResult({ key, items: page.data }),
        (error: unknown) => {
          // The anonymous list stays: it is correct, only shorter.
          if (!isAbortError(error)) console.warn('[auth] could not load the full listing', error);
        },
      ),
    );
    return () => controller.abort();
    // `key` covers path, params and user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adult, enabled, key]);

  return adult && enabled && result?.key === key ? result.items : null;
}

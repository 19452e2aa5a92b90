'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { apiGet, isAbortError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/stores/auth-store';
import type { FranchiseAnswer } from '@/app/api/anime/[id]/franchise/route';

/**
 * The franchise answer of one detail page: what the server held when it rendered the page
 * (`initial`), then asked once after the page has loaded (never on its way: the walk never
 * delays the page) and shared by the relations and the franchise sections.
 * Asked again when the signed-in user changes: a verified adult gets adult relatives too.
 */
export type RelatedState =
  { status: 'loading' } | { status: 'ready'; data: FranchiseAnswer } | { status: 'failed' };

const RelatedContext = createContext<RelatedState>({ status: 'loading' });

export function useRelatedData(): RelatedState {
  return useContext(RelatedContext);
}

export function RelatedDataProvider({
  animeId,
  initial = null,
  children,
}: {
  animeId: number;
  /** What the server held when it rendered the page, as a visitor may see it (in the cached HTML). */
  initial?: FranchiseAnswer | null;
  children: ReactNode;
}) {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const authLoading = useAuthStore((state) => state.loading);
  const key = `${animeId}:${uid ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; state: RelatedState } | null>(null);

  useEffect(() => {
    // Asked once sign-in has settled, with the token when there is one: an incomplete franchise
    // grows a step, a verified adult may see more, a copy kept from an outage is marked.
    if (authLoading) return;
    const controller = new AbortController();
    apiGet<{ data: FranchiseAnswer }>(
      `/api/anime/${animeId}/franchise`,
      {},
      { signal: controller.signal },
    ).then(
      (body) => setAnswer({ key, state: { status: 'ready', data: body.data } }),
      (error: unknown) => {
        if (!isAbortError(error)) setAnswer({ key, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [animeId, authLoading, key]);

  const state: RelatedState =
    answer?.key === key ? answer.state : initial ? { status: 'ready', data: initial } : { status: 'loading' };
  return <RelatedContext.Provider value={state}>{children}</RelatedContext.Provider>;
}

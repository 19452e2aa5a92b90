'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FranchiseAnswer } from '@/lib/jikan/related';
import { usePageAnswer, type AnswerState } from './use-page-answer';

/**
 * The franchise answer of one detail page: what the server held when it rendered the page
 * (`initial`), then asked once after the page has loaded (never on its way: the walk never
 * delays the page) and shared by the relations and the franchise sections.
 * Asked again when the signed-in user changes: a verified adult gets adult relatives too.
 */
export type RelatedState = AnswerState<FranchiseAnswer>;

const RelatedContext = createContext<{ state: RelatedState; retry: () => void }>({
  state: { status: 'loading' },
  retry: () => {},
});

export function useRelatedData(): RelatedState {
  return useContext(RelatedContext).state;
}

/** Asks the franchise again ('Tentar novamente' after an answer that could not be had). */
export function useRetryRelated(): () => void {
  return useContext(RelatedContext).retry;
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
  // An incomplete franchise grows a step, a verified adult may see more, a copy kept from an
  // outage is marked.
  const { state, retry } = usePageAnswer<FranchiseAnswer>(`/api/anime/${animeId}/franchise`, initial);
  const value = useMemo(() => ({ state, retry }), [state, retry]);
  return <RelatedContext.Provider value={value}>{children}</RelatedContext.Provider>;
}

'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiGet, isAbortError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/stores/auth-store';

export type AnswerState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * One answer of a detail page asked after the page has loaded (`path`, e.g. the franchise or the
 * cast): `initial` (what the server held when it rendered the page) until it comes, asked again
 * when the signed-in user changes (a verified adult may see more) and when the fan presses
 * 'Tentar novamente' (`retry`) after an answer that could not be had.
 */
export function usePageAnswer<T>(
  path: string,
  initial: T | null,
): { state: AnswerState<T>; retry: () => void } {
  const uid = useAuthStore((store) => store.user?.uid ?? null);
  const authLoading = useAuthStore((store) => store.loading);
  const [attempt, setAttempt] = useState(0);
  const key = `${path}:${uid ?? ''}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: AnswerState<T> } | null>(null);

  useEffect(() => {
    // Asked once sign-in has settled, with the token when there is one.
    if (authLoading) return;
    const controller = new AbortController();
    apiGet<{ data: T }>(path, {}, { signal: controller.signal }).then(
      (body) => setAnswer({ key, state: { status: 'ready', data: body.data } }),
      (error: unknown) => {
        if (!isAbortError(error)) setAnswer({ key, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [path, authLoading, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (answer?.key === key) return { state: answer.state, retry };
  // A retry shows the wait again, never the answer it replaces.
  if (attempt > 0) return { state: { status: 'loading' }, retry };
  return { state: initial ? { status: 'ready', data: initial } : { status: 'loading' }, retry };
}

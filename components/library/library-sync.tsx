'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';

/**
 * Syncs the signed-in user's library (lib/library/engine.ts) while they are signed in. The engine
 * loads only then: a visitor who is not signed in gets none of it.
 */
export function LibrarySync() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const t = useTranslations('Sync');

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('@/lib/library/engine').then(({ startLibrarySync }) => {
      if (cancelled) return;
      stop = startLibrarySync({
        uid,
        getToken: async () => {
          try {
            return await useAuthStore.getState().getIdToken();
          } catch {
            return null;
          }
        },
        onMerged: ({ ratings, lists }) => showToast(t('merged', { ratings, lists }), 'success'),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [uid, t]);

  return null;
}

'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Lazy } from '@/components/ui/lazy';
import type { MergeCounts } from '@/lib/library/engine';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';

/** Dispatched on window when signing out failed after the sync stopped: the sync starts again. */
const RESUME_SYNC_EVENT = 'anime-master-sync-resume';

interface Question {
  counts: MergeCounts;
  answer: (merge: boolean) => void;
}

const loadDialog = () => import('./merge-question-dialog').then((module) => module.default);

/**
 * Syncs the signed-in user's library (lib/library/engine.ts) while they are signed in (LibrarySync
 * loads this only then: a visitor who is not signed in gets none of it). When the device holds data of
 * no account, it asks whether to join it to the account before anything is merged (the dialog's
 * code loads when that question first stands).
 */
export default function LibrarySyncSession({ uid }: { uid: string }) {
  const t = useTranslations('Sync');
  const [question, setQuestion] = useState<Question | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const resume = () => setGeneration((value) => value + 1);
    window.addEventListener(RESUME_SYNC_EVENT, resume);
    return () => window.removeEventListener(RESUME_SYNC_EVENT, resume);
  }, []);

  useEffect(() => {
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
        // Asked in every tab of the account (the fan answers in the one they look at); closed
        // here when another tab answered.
        confirmMerge: (counts, signal) =>
          new Promise<boolean>((resolve) => {
            const question: Question = {
              counts,
              answer: (merge) => {
                setQuestion(null);
                resolve(merge);
              },
            };
            signal.addEventListener('abort', () => setQuestion((open) => (open === question ? null : open)));
            setQuestion(question);
          }),
        onMerged: ({ ratings, lists }) => showToast(t('merged', { ratings, lists }), 'success'),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
      setQuestion(null);
    };
  }, [uid, t, generation]);

  if (!question) return null;
  return <Lazy load={loadDialog} props={question} />;
}

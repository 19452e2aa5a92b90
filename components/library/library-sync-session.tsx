'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { LazyPart, retryImport } from '@/components/ui/lazy-part';
import type * as Engine from '@/lib/library/engine';
import { onResumeSync } from '@/lib/library/resume';
import type { MergeCounts } from '@/lib/library/engine';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';

type EngineModule = typeof Engine;

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
    // The engine stops when the page is hidden for a navigation; back from the back-forward
    // cache, it starts again.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) resume();
    };
    const stopResume = onResumeSync(resume);
    window.addEventListener('pageshow', shown);
    return () => {
      stopResume();
      window.removeEventListener('pageshow', shown);
    };
  }, []);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const start = ({ startLibrarySync }: EngineModule) => {
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
    };
    // Offline just after the page opened, the engine's code may not load: it is tried again.
    void retryImport(() => import('@/lib/library/engine')).then(start);
    return () => {
      cancelled = true;
      stop?.();
      setQuestion(null);
    };
  }, [uid, t, generation]);

  if (!question) return null;
  return <LazyPart load={loadDialog} props={question} />;
}

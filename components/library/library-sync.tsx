'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/i18n/format-count';
import type { MergeCounts } from '@/lib/library/engine';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';

/** Dispatched on window when signing out failed after the sync stopped: the sync starts again. */
const RESUME_SYNC_EVENT = 'anime-master-sync-resume';

interface Question {
  counts: MergeCounts;
  answer: (merge: boolean) => void;
}

/**
 * Syncs the signed-in user's library (lib/library/engine.ts) while they are signed in. The engine
 * loads only then: a visitor who is not signed in gets none of it. When the device holds data of
 * no account, it asks whether to join it to the account before anything is merged.
 */
export function LibrarySync() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const t = useTranslations('Sync');
  const locale = useLocale();
  const [question, setQuestion] = useState<Question | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const resume = () => setGeneration((value) => value + 1);
    window.addEventListener(RESUME_SYNC_EVENT, resume);
    return () => window.removeEventListener(RESUME_SYNC_EVENT, resume);
  }, []);

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
        confirmMerge: (counts) =>
          new Promise<boolean>((resolve) =>
            setQuestion({
              counts,
              answer: (merge) => {
                setQuestion(null);
                resolve(merge);
              },
            }),
          ),
        onMerged: ({ ratings, lists }) => showToast(t('merged', { ratings, lists }), 'success'),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
      setQuestion(null);
    };
  }, [uid, t, generation]);

  return (
    <Dialog.Root
      open={question !== null}
      // Escape answers "no": the device's data is set aside, never lost and never merged.
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-6 shadow-lg data-[state=open]:animate-fade-in"
        >
          <Dialog.Title className="text-lg font-semibold">
            {question
              ? t('mergeQuestion', {
                  ...question.counts,
                  ratingsText: formatCount(question.counts.ratings, locale),
                  listsText: formatCount(question.counts.lists, locale),
                })
              : ''}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{t('mergeHint')}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => question?.answer(false)}>
              {t('mergeDecline')}
            </Button>
            <Button variant="primary" onClick={() => question?.answer(true)}>
              {t('mergeAccept')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/i18n/format-count';
import type { MergeCounts } from '@/lib/library/engine';

/**
 * "Juntar N avaliações e M itens de listas deste aparelho à sua conta?": asked by LibrarySync
 * before data of no account joins the signed-in one. Loaded only when the question stands.
 * Escape and 'Não' answer no: the device's data is set aside, never lost and never merged.
 */
export default function MergeQuestionDialog({
  counts,
  answer,
}: {
  counts: MergeCounts;
  answer: (merge: boolean) => void;
}) {
  const t = useTranslations('Sync');
  const locale = useLocale();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) answer(false);
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
            {t('mergeQuestion', {
              ...counts,
              ratingsText: formatCount(counts.ratings, locale),
              listsText: formatCount(counts.lists, locale),
            })}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{t('mergeHint')}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => answer(false)}>
              {t('mergeDecline')}
            </Button>
            <Button variant="primary" onClick={() => answer(true)}>
              {t('mergeAccept')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * SPEC §5 Clear all: the confirmation 'Tem certeza que deseja limpar todos os dados? Esta ação não
 * pode ser desfeita.' in an alert dialog (focus trapped, Escape cancels, focus returns).
 */
export function ClearDataDialog({ onConfirm }: { onConfirm: () => void }) {
  const t = useTranslations('DataTab');
  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttonClass('danger')}>
        <Trash2 aria-hidden className="size-4" />
        {t('clear')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-6 shadow-lg data-[state=open]:animate-fade-in"
        >
          <Dialog.Title className="text-lg font-semibold">{t('clearTitle')}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{t('clearConfirm')}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')}>{t('cancel')}</Dialog.Close>
            <Button variant="danger" onClick={onConfirm}>
              {t('clearConfirmButton')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

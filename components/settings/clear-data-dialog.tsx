'use client';

import { Trash2 } from 'lucide';
import { useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * SPEC §5 Clear all: the confirmation 'Tem certeza que deseja limpar todos os dados? Esta ação não
 * pode ser desfeita.' in an alert dialog (focus trapped, Escape cancels, focus returns).
 */
export function ClearDataDialog({ onConfirm }: { onConfirm: () => void }) {
  const t = useTranslations('DataTab');
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={buttonClass('danger')}>
          <Glyph icon={Trash2} aria-hidden className="size-4" />
          {t('clear')}
        </button>
      }
      title={t('clearTitle')}
      description={t('clearConfirm')}
      cancel={{ label: t('cancel'), className: buttonClass('secondary') }}
      confirm={
        <Button variant="danger" onClick={onConfirm}>
          {t('clearConfirmButton')}
        </Button>
      }
    />
  );
}

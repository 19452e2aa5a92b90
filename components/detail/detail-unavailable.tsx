'use client';

import { AlertTriangle } from 'lucide';
import { useTranslations } from 'next-intl';
import { RetryButton } from '@/components/anime/retry-button';
import { DetailErrorState } from './detail-error-state';

/**
 * SPEC §2/§8 'Anime não disponível': the anime database is rate limiting us or down. The failed
 * render is never cached, so 'Tentar novamente' (a fresh request) asks again.
 */
export function DetailUnavailable({ onRetry, edit = false }: { onRetry: () => void; edit?: boolean }) {
  const t = useTranslations('DetailError');
  return (
    <DetailErrorState
      alert
      icon={AlertTriangle}
      iconClassName="size-14 text-error"
      title={t('title')}
      text={edit ? t('editText') : t('text')}
      retry={<RetryButton label={t('retry')} onRetry={onRetry} />}
    />
  );
}

/** The same state where no error boundary hands a retry in: 'Tentar novamente' reloads the page. */
export function DetailUnavailableReload({ edit = false }: { edit?: boolean }) {
  return <DetailUnavailable edit={edit} onRetry={() => window.location.reload()} />;
}

'use client';

import { AlertTriangle } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { RetryButton } from '@/components/anime/retry-button';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/**
 * SPEC §2/§8 'Anime não disponível': the anime database is rate limiting us or down. The failed
 * render is never cached, so 'Tentar novamente' (a fresh request) asks again.
 */
export function DetailUnavailable({ onRetry, edit = false }: { onRetry: () => void; edit?: boolean }) {
  const t = useTranslations('DetailError');
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Glyph icon={AlertTriangle} aria-hidden className="size-14 text-error" />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{edit ? t('editText') : t('text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <RetryButton label={t('retry')} onRetry={onRetry} />
        <Link href={routes.search} className={buttonClass('secondary')}>
          {t('search')}
        </Link>
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {t('explore')}
        </Link>
      </div>
    </div>
  );
}

/** The same state where no error boundary hands a retry in: 'Tentar novamente' reloads the page. */
export function DetailUnavailableReload({ edit = false }: { edit?: boolean }) {
  return <DetailUnavailable edit={edit} onRetry={() => window.location.reload()} />;
}

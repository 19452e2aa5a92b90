'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { ErrorScreen } from '@/components/layout/error-screen';

export default function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('ErrorBoundary');
  useEffect(() => {
    console.error('[error-boundary]', error.digest ?? '', error.message);
  }, [error]);
  // reset() re-renders the segment without refetching: a client render error recovers in place.
  return (
    <ErrorScreen
      labels={{ title: t('title'), message: t('message'), reload: t('reload'), retry: t('retry') }}
      onRetry={reset}
    />
  );
}

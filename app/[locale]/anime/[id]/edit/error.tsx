'use client';

import { useEffect } from 'react';
import { DetailUnavailable } from '@/components/detail/detail-unavailable';

export default function EditError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error('[edit]', error.digest ?? '', error.message);
  }, [error]);
  return <DetailUnavailable edit onRetry={() => window.location.reload()} />;
}

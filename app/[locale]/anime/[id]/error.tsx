'use client';

import { useEffect } from 'react';
import { DetailUnavailable } from '@/components/detail/detail-unavailable';

export default function AnimeError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error('[detail]', error.digest ?? '', error.message);
  }, [error]);
  // The failed render was not cached: a new request renders the page afresh.
  return <DetailUnavailable onRetry={() => window.location.reload()} />;
}

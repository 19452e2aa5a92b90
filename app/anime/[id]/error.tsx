'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useEffect } from 'react';
import { DetailUnavailable } from '@/components/detail/detail-unavailable';

export default function AnimeError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const router = useRouter();
  useEffect(() => {
    console.error('[detail]', error.digest ?? '', error.message);
  }, [error]);
  // A fresh server render asks the anime database again; reset() then shows its result.
  return <DetailUnavailable onRetry={() => startTransition(() => (router.refresh(), reset()))} />;
}

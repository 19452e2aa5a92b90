'use client';

import { RotateCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils/cn';

/**
 * Retries a server-rendered listing: re-renders the route (router.refresh), which asks the data
 * layer again. A failed listing is never cached there, so this reaches the anime database.
 * `onRetry` replaces that for client-loaded data.
 */
export function RetryButton({ label, onRetry }: { label: string; onRetry?: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="secondary"
      disabled={pending}
      aria-busy={pending}
      onClick={() => (onRetry ? onRetry() : startTransition(() => router.refresh()))}
    >
      <RotateCw aria-hidden className={cn('size-4', pending && 'animate-spin motion-reduce:animate-none')} />
      {label}
    </Button>
  );
}

'use client';

import { RotateCw } from 'lucide';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils/cn';

/**
 * 'Tentar novamente' for a listing that could not load. The listing itself decides how to retry
 * (cached pages never re-render to retry: see components/anime/use-listing-retry.ts).
 */
export function RetryButton({ label, onRetry }: { label: string; onRetry: () => void }) {
  const [pressed, setPressed] = useState(false);
  return (
    <Button
      variant="secondary"
      onClick={() => {
        setPressed(true);
        onRetry();
      }}
    >
      <Glyph
        icon={RotateCw}
        aria-hidden
        className={cn('size-4', pressed && 'motion-safe:animate-[spin_0.6s_ease-out_1]')}
      />
      {label}
    </Button>
  );
}

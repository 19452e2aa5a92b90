'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/stores/use-hydrated';

/**
 * A section of a detail page whose answer could not be had now (the anime database or the
 * budget failed): it says so and offers 'Tentar novamente', which asks once more. In the server
 * HTML (an answer kept from an outage) the button waits for the page to be able to act.
 */
export function UnavailableLine({
  message,
  testId,
  onRetry,
}: {
  message: string;
  testId: string;
  onRetry: () => void;
}) {
  const t = useTranslations('Related');
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm text-muted" data-testid={testId}>
        {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={!hydrated} aria-busy={!hydrated}>
        {t('retry')}
      </Button>
    </div>
  );
}

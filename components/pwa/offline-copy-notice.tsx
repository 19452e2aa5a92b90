'use client';

import { WifiOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_TIMING } from '@/lib/pwa/cache-policy';

/**
 * A page the service worker answered from its cache (no network, or none within a few seconds)
 * says so: the worker adds a Server-Timing metric to such an answer, which the page reads from
 * its own navigation entry.
 */
function servedFromSavedCopy(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((metric) => metric.name === OFFLINE_COPY_TIMING) ?? false;
}

/** How the page came is known once and never changes. */
const unchanging = () => () => {};

export function OfflineCopyNotice() {
  const t = useTranslations('Offline');
  // Read in the browser only: the server's HTML never carries the notice.
  const saved = useSyncExternalStore(unchanging, servedFromSavedCopy, () => false);
  if (!saved) return null;
  return (
    <p
      role="status"
      data-testid="offline-copy-notice"
      className="flex items-center justify-center gap-2 border-b border-border bg-surface-2 px-4 py-2 text-center text-sm text-fg"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      {t('savedCopy')}
    </p>
  );
}

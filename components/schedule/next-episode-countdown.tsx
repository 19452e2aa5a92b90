'use client';

import { useTranslations } from 'next-intl';
import type { BroadcastSlot } from '@/lib/jikan/types';
import { nextEpisodeAt } from '@/lib/schedule/airing';
import { countdownText } from '@/lib/schedule/countdown';
import { useMinuteClock } from '@/lib/schedule/use-minute-clock';
import { cn } from '@/lib/utils/cn';

/**
 * "Próximo episódio em 2 d 4 h", from the broadcast slot and the episodes aired so far. Its line
 * is kept from the server's HTML on (the time is the visitor's, so it is written after hydration,
 * without moving what follows); nothing at all when the slot is unknown.
 */
export function NextEpisodeCountdown({
  broadcast,
  episodes,
  className,
}: {
  broadcast: BroadcastSlot | null | undefined;
  episodes: number | null;
  className?: string;
}) {
  const t = useTranslations('Schedule');
  const now = useMinuteClock();
  if (!broadcast) return null;
  const next = now === null ? null : nextEpisodeAt(broadcast, episodes, now);
  return (
    <p className={cn('min-h-5 text-sm leading-5', className)} data-testid="next-episode">
      {next !== null && now !== null ? countdownText(next - now, t) : null}
    </p>
  );
}

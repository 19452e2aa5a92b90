import { CloudOff } from 'lucide';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Glyph } from '@/components/ui/glyph';
import type { AnimePage } from '@/lib/jikan/types';
import { cn } from '@/lib/utils/cn';

/**
 * 'dados offline': what follows comes from the offline catalogue because the anime
 * database is down. The tooltip explains it (plain CSS, on hover and keyboard focus, described by
 * aria-describedby, as the header's access badge). For a listing, a detail page's header.
 * Renders in server and client components alike.
 */
export function OfflineBadge({
  season,
  compact = false,
  className,
}: {
  /** The season an offline season listing shows. */
  season?: AnimePage['season'];
  /** Fits a 20 px line (a carousel's count line). */
  compact?: boolean;
  className?: string;
}) {
  const t = useTranslations('OfflineBadge');
  const tooltipId = useId();
  return (
    <span className={cn('group relative inline-flex', className)}>
      <button
        type="button"
        data-testid="offline-badge"
        aria-describedby={tooltipId}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full border border-warning/60 bg-surface-2 px-2.5 text-xs font-medium text-fg',
          compact ? 'h-5' : 'min-h-7',
        )}
      >
        <Glyph icon={CloudOff} aria-hidden className="size-3.5 text-warning" />
        {t('label')}
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-0 z-50 mt-2 w-max max-w-72 rounded-md bg-fg px-3 py-2 text-xs font-normal text-bg opacity-0 shadow-md transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {t('tooltip')}
        {season && <> {t('season', { season: season.season, year: season.year })}</>}
      </span>
    </span>
  );
}

/**
 * The same mark on one card: inside the card's link, so not a control of its own; the card's
 * description includes it (`id`).
 */
export function OfflineCardBadge({ id, className }: { id: string; className?: string }) {
  const t = useTranslations('OfflineBadge');
  return (
    <span
      id={id}
      data-testid="offline-card-badge"
      className={cn(
        'inline-flex items-center gap-1 rounded-sm bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white',
        className,
      )}
    >
      <Glyph icon={CloudOff} aria-hidden className="size-3.5 text-amber-300" />
      {t('label')}
    </span>
  );
}

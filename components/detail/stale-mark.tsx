import { Clock } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Glyph } from '@/components/ui/glyph';
import type { Locale } from '@/lib/i18n/config';
import { staleAge } from '@/lib/records/freshness';

/**
 * 'dados de 3 dias atrás': the page shows the last full copy kept of this record because the
 * anime database could not answer in time. The tooltip says why and when it was fetched (plain
 * CSS, on hover and keyboard focus, like the 'dados offline' badge). The age is the render's: the
 * page showing it is cached for a second only.
 */
export async function StaleMark({
  fetchedAt,
  now,
  locale,
  className,
}: {
  fetchedAt: string;
  now: number;
  locale: Locale;
  className?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'Detail' });
  const age = staleAge(fetchedAt, now);
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'pt-BR', {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(fetchedAt));
  return (
    <span className={`group relative inline-flex ${className ?? ''}`}>
      <button
        type="button"
        data-testid="stale-mark"
        aria-describedby="stale-mark-tooltip"
        className="inline-flex min-h-7 items-center gap-1.5 rounded-full border border-warning/60 bg-surface-2 px-2.5 text-xs font-medium text-fg"
      >
        <Glyph icon={Clock} aria-hidden className="size-3.5 text-warning" />
        <time dateTime={fetchedAt}>{t('staleLabel', { unit: age.unit, count: age.count })}</time>
      </button>
      <span
        id="stale-mark-tooltip"
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-0 z-50 mt-2 w-max max-w-72 rounded-md bg-fg px-3 py-2 text-xs font-normal text-bg opacity-0 shadow-md transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {t('staleTooltip', { date })}
      </span>
    </span>
  );
}

import { getTranslations } from 'next-intl/server';
import Link from 'next/link';

const LINK =
  'inline-flex min-h-11 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2';

/**
 * Real links to the previous and next page of a listing (crawlable, shareable, no script needed):
 * `hrefs` holds the address of each page that exists.
 */
export async function Pager({
  page,
  previousHref,
  nextHref,
}: {
  page: number;
  previousHref: string | null;
  nextHref: string | null;
}) {
  if (!previousHref && !nextHref) return null;
  const t = await getTranslations('Browse');
  return (
    <nav aria-label={t('pagination')} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {previousHref ? (
        <Link href={previousHref} rel="prev" className={LINK} data-testid="previous-page">
          {t('previousPage')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted" aria-current="page">
        {t('page', { page })}
      </span>
      {nextHref ? (
        <Link href={nextHref} rel="next" className={LINK} data-testid="next-page">
          {t('nextPage')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

import { getTranslations } from 'next-intl/server';
import { unstable_cache } from 'next/cache';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ListingMessage } from '@/components/anime/listing-states';
import { ListingPage } from '@/components/browse/listing-page';
import { SeasonPicker } from '@/components/browse/season-picker';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ViewToggle } from '@/components/anime/view-toggle';
import {
  isPastSeason,
  nextSeason,
  parsePage,
  parseSeasonSegments,
  previousSeason,
  seasonAt,
  seasonHref,
} from '@/lib/discovery/browse-params';
import { BROWSE_PAGE_SIZE, loadSeasonArchive } from '@/lib/discovery/listings';
import { parseView } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/**
 * /season/{year}/{season}?page&view: one season of the archive, every season since winter 1917.
 * proxy.ts rewrites the query to the last two segments, so each page of each season is one cached
 * page per language. A season over for a while changes rarely: its page lives a day (and the edge
 * keeps it as long); the current and the latest seasons live 10 minutes, as Explore does.
 */
type Params = Promise<LocaleParams & { year: string; season: string; view: string; page: string }>;

export const revalidate = 86_400;
export const generateStaticParams = onDemandStaticParams;

/** Lowers this render's life to 10 minutes (unstable_cache's revalidate joins the page's). */
const recentSeasonLife = unstable_cache(async () => true, ['anime-master:recent-season'], {
  revalidate: 600,
});

async function readParams(params: Params) {
  const locale = await resolvePageLocale(params);
  const segments = await params;
  const current = seasonAt(new Date());
  const season = parseSeasonSegments(segments.year, segments.season, current);
  if (!season) notFound();
  return {
    locale,
    season,
    current,
    page: parsePage(segments.page),
    view: parseView({ view: segments.view }),
  };
}

export async function generateMetadata({ params }: { params: Params }) {
  const { locale, season, page, view } = await readParams(params);
  const t = await getTranslations({ locale, namespace: 'Browse' });
  return {
    title: t('seasonTitle', { ...season }),
    description: t('seasonSubtitle'),
    alternates: { canonical: seasonHref({ ...season, page, view }) },
  };
}

export default async function SeasonArchivePage({ params }: { params: Params }) {
  const { locale, season, current, page, view } = await readParams(params);
  if (!isPastSeason(season, current)) await recentSeasonLife();
  const t = await getTranslations({ locale, namespace: 'Browse' });
  const result = await loadSeasonArchive({ ...season, page });
  const previous = previousSeason(season);
  const next = nextSeason(season, current);
  const seasonLink =
    'inline-flex min-h-11 items-center text-sm font-medium text-accent-text underline-offset-2 hover:underline';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('seasonHeading', { ...season })}</h1>
      <p className="mt-1 mb-4 text-muted">{t('seasonSubtitle')}</p>
      <nav aria-label={t('seasonNav')} className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {previous ? (
          <Link href={seasonHref({ ...previous, view })} className={seasonLink} data-testid="previous-season">
            {t('previousSeason', { ...previous })}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link href={seasonHref({ ...next, view })} className={seasonLink} data-testid="next-season">
            {t('nextSeason', { ...next })}
          </Link>
        )}
      </nav>
      <ScopedMessages locale={locale} route="browse">
        <ContentAfterHeader>
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <SeasonPicker selected={season} current={current} />
            <ViewToggle
              view={view}
              hrefs={{
                grid: seasonHref({ ...season, page, view: 'grid' }),
                list: seasonHref({ ...season, page, view: 'list' }),
              }}
            />
          </div>
          {result.status === 'failed' ? (
            <ListingMessage
              tone="error"
              title={t('seasonError')}
              action={
                <a
                  href={seasonHref({ ...season, page, view })}
                  className="font-medium text-accent-text underline"
                >
                  {(await getTranslations({ locale, namespace: 'Common' }))('retry')}
                </a>
              }
            />
          ) : (
            <ListingPage
              result={result}
              view={view}
              page={page}
              adultPath="/api/anime/season-archive"
              adultParams={{ year: season.year, season: season.season, page, limit: BROWSE_PAGE_SIZE }}
              pageHref={(n) => seasonHref({ ...season, page: n, view })}
              empty={{ title: t('seasonEmpty') }}
            />
          )}
        </ContentAfterHeader>
      </ScopedMessages>
    </div>
  );
}

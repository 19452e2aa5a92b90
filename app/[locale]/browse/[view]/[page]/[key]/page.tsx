import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Lock } from 'lucide';
import { ListingMessage } from '@/components/anime/listing-states';
import { ViewToggle } from '@/components/anime/view-toggle';
import { AdultGridSwap } from '@/components/auth/adult-grid-swap';
import { BrowseFilters } from '@/components/browse/browse-filters';
import { ListingPage } from '@/components/browse/listing-page';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import {
  asksForAdultGenre,
  browseHref,
  browseParamsFromQuery,
  browseQuery,
  parseBrowseParams,
  parsePage,
  seasonAt,
  type BrowseState,
} from '@/lib/discovery/browse-params';
import { loadBrowsePage } from '@/lib/discovery/listings';
import { decodeSearchSegment, parseView } from '@/lib/discovery/params';
import type { Locale } from '@/lib/i18n/config';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { loadAnimeGenres } from '@/lib/jikan/browse';
import { routes } from '@/lib/routes';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/**
 * /browse?genres&exclude&type&status&year&season&min_score&sort&page&view: the whole catalogue
 * through the anime database's search with filters. proxy.ts sends every address to its canonical
 * form and rewrites it to these segments (view, page, and the normalised filters as one segment),
 * so each result set is one cached page per language and one call to the database.
 */
type Params = Promise<LocaleParams & { view: string; page: string; key: string }>;

export const revalidate = 3600;
export const generateStaticParams = onDemandStaticParams;

async function readState(params: Params): Promise<{ locale: Locale; state: BrowseState }> {
  const locale = await resolvePageLocale(params);
  const { view, page, key } = await params;
  const filters = new URLSearchParams(key === '_' ? '' : decodeSearchSegment(key));
  const state = {
    ...parseBrowseParams(browseParamsFromQuery(filters), seasonAt(new Date())),
    page: parsePage(page),
    view: parseView({ view }),
  };
  return { locale, state };
}

export async function generateMetadata({ params }: { params: Params }) {
  const { locale, state } = await readState(params);
  const t = await getTranslations({ locale, namespace: 'Browse' });
  return {
    title: t('browseTitle'),
    description: t('browseSubtitle'),
    alternates: { canonical: browseHref(state) },
  };
}

export default async function BrowsePage({ params }: { params: Params }) {
  const { locale, state } = await readState(params);
  const t = await getTranslations({ locale, namespace: 'Browse' });
  const tCommon = await getTranslations({ locale, namespace: 'Common' });
  const tExplore = await getTranslations({ locale, namespace: 'Explore' });
  const current = seasonAt(new Date());
  const adultGenre = asksForAdultGenre(state);
  // A visitor asking for an adult genre gets an explained empty state, and the database no call.
  const [genres, result] = await Promise.all([loadAnimeGenres(), adultGenre ? null : loadBrowsePage(state)]);
  const adultParams = Object.fromEntries(new URLSearchParams(browseQuery({ ...state, view: 'grid' })));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('browseTitle')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('browseSubtitle')}</p>
      <ScopedMessages locale={locale} route="browse">
        <ContentAfterHeader>
          <BrowseFilters state={state} genres={genres} current={current} />
          <div className="mt-4 mb-4 flex justify-end">
            <ViewToggle
              view={state.view}
              hrefs={{
                grid: browseHref({ ...state, view: 'grid' }),
                list: browseHref({ ...state, view: 'list' }),
              }}
            />
          </div>
          {result === null ? (
            <AdultGridSwap path="/api/anime/browse" params={adultParams} view={state.view}>
              <ListingMessage
                tone="empty"
                icon={Lock}
                title={t('adultGenreTitle')}
                text={t('adultGenreText')}
                action={
                  <Link
                    href={`${routes.settings}?tab=account`}
                    className="font-medium text-accent-text underline underline-offset-2"
                  >
                    {t('adultGenreSignIn')}
                  </Link>
                }
              />
            </AdultGridSwap>
          ) : result.status === 'failed' ? (
            <ListingMessage
              tone="error"
              title={t('browseError')}
              text={t('offlineFilters')}
              action={
                <a href={browseHref(state)} className="font-medium text-accent-text underline">
                  {tCommon('retry')}
                </a>
              }
            />
          ) : (
            <ListingPage
              result={result}
              view={state.view}
              page={state.page}
              adultPath="/api/anime/browse"
              adultParams={adultParams}
              pageHref={(page) => browseHref({ ...state, page })}
              empty={{ title: tExplore('empty'), text: tExplore('emptyHint') }}
            />
          )}
        </ContentAfterHeader>
      </ScopedMessages>
    </div>
  );
}

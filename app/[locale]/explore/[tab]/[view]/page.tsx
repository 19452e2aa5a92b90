import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AnimeGridSkeleton } from '@/components/anime/anime-grid';
import { ExploreResults } from '@/components/explore/explore-results';
import { ExploreTabs } from '@/components/explore/explore-tabs';
import { EXPLORE_PAGE_SIZE, parseExploreParams } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * /explore?tab=…&view=… (SPEC §2). proxy.ts rewrites the query to path segments, so each tab and
 * view of each language is one cached page.
 */
type Params = Promise<LocaleParams & { tab: string; view: string }>;

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Explore' });
  return { title: t('title') };
}

export default async function ExplorePage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const segments = await params;
  const { tab, view } = parseExploreParams({ tab: segments.tab, view: segments.view });
  const t = await getTranslations({ locale, namespace: 'Explore' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('subtitle')}</p>
      <ExploreTabs tab={tab} view={view}>
        {/* Keyed by tab: a new tab's list streams in behind skeletons instead of the old list. */}
        <Suspense key={tab} fallback={<AnimeGridSkeleton view={view} count={EXPLORE_PAGE_SIZE} />}>
          <ExploreResults tab={tab} view={view} />
        </Suspense>
      </ExploreTabs>
    </div>
  );
}

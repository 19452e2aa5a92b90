import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AnimeGridSkeleton } from '@/components/anime/anime-grid';
import { ExploreResults } from '@/components/explore/explore-results';
import { ExploreTabs } from '@/components/explore/explore-tabs';
import { EXPLORE_PAGE_SIZE, parseExploreParams } from '@/lib/discovery/params';

export async function generateMetadata() {
  const t = await getTranslations('Explore');
  return { title: t('title') };
}

export default async function ExplorePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { tab, view } = parseExploreParams(await searchParams);
  const t = await getTranslations('Explore');
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

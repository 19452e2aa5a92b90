import { getTranslations } from 'next-intl/server';
import { AnimeGrid } from '@/components/anime/anime-grid';
import { AdultGridSwap } from '@/components/auth/adult-grid-swap';
import { ListingMessage } from '@/components/anime/listing-states';
import { GridRecovery } from '@/components/anime/grid-recovery';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNotice } from '@/components/anime/withheld-notice';
import { HiddenAdultNotice } from '@/components/browse/hidden-adult-notice';
import { Pager } from '@/components/browse/pager';
import { loadExploreTab, VISITOR_ACCESS } from '@/lib/discovery/listings';
import { EXPLORE_PAGE_SIZE, exploreHref, type ExploreTab, type View } from '@/lib/discovery/params';

const EXPLORE_ENDPOINTS: Record<ExploreTab, string> = {
  top: '/api/anime/top',
  seasonal: '/api/anime/season',
  popular: '/api/anime/popular',
};

/**
 * One page of an Explore tab's list (SPEC §2): loaded, empty, or failed with a retry; links to the
 * pages before and after it.
 */
export async function ExploreResults({
  tab,
  view,
  page = 1,
}: {
  tab: ExploreTab;
  view: View;
  page?: number;
}) {
  const t = await getTranslations('Explore');
  const tCommon = await getTranslations('Common');
  const result = await loadExploreTab(tab, VISITOR_ACCESS, page);

  if (result.status === 'failed') {
    return (
      <GridRecovery
        endpoint={EXPLORE_ENDPOINTS[tab]}
        params={{ page, limit: EXPLORE_PAGE_SIZE }}
        view={view}
        skeletonCount={EXPLORE_PAGE_SIZE}
        errorText={t('error')}
        retryLabel={tCommon('retry')}
        emptyTitle={t('empty')}
        emptyText={t('emptyHint')}
      />
    );
  }
  const withheld = result.offline ? (result.withheld ?? 0) : 0;
  const pager = (
    <Pager
      page={page}
      previousHref={page > 1 ? exploreHref({ tab, view, page: page - 1 }) : null}
      nextHref={result.hasNextPage ? exploreHref({ tab, view, page: page + 1 }) : null}
    />
  );
  if (result.items.length === 0 && !withheld) {
    return (
      <>
        <ListingMessage tone="empty" title={t('empty')} text={t('emptyHint')} />
        {page > 1 && pager}
      </>
    );
  }
  const grid = (
    <AdultGridSwap path={EXPLORE_ENDPOINTS[tab]} params={{ page, limit: EXPLORE_PAGE_SIZE }} view={view}>
      <AnimeGrid items={result.items} view={view} />
    </AdultGridSwap>
  );
  return (
    <>
      {result.offline && <OfflineBadge season={result.season} className="mb-3" />}
      <WithheldNotice count={withheld} className="mb-3" />
      <HiddenAdultNotice count={result.hiddenAdult ?? 0} className="mb-3" />
      {grid}
      {pager}
    </>
  );
}

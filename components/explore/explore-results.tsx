import { getTranslations } from 'next-intl/server';
import { AnimeGrid } from '@/components/anime/anime-grid';
import { AdultGridSwap } from '@/components/auth/adult-grid-swap';
import { ListingMessage } from '@/components/anime/listing-states';
import { GridRecovery } from '@/components/anime/grid-recovery';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNotice } from '@/components/anime/withheld-notice';
import { loadExploreTab } from '@/lib/discovery/listings';
import { EXPLORE_PAGE_SIZE, type ExploreTab, type View } from '@/lib/discovery/params';

const EXPLORE_ENDPOINTS: Record<ExploreTab, string> = {
  top: '/api/anime/top',
  seasonal: '/api/anime/season',
  popular: '/api/anime/popular',
};

/** One Explore tab's list (SPEC §2): loaded, empty, or failed with a retry. */
export async function ExploreResults({ tab, view }: { tab: ExploreTab; view: View }) {
  const t = await getTranslations('Explore');
  const tCommon = await getTranslations('Common');
  const result = await loadExploreTab(tab);

  if (result.status === 'failed') {
    return (
      <GridRecovery
        endpoint={EXPLORE_ENDPOINTS[tab]}
        params={{ page: 1, limit: EXPLORE_PAGE_SIZE }}
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
  if (result.items.length === 0 && !withheld) {
    return <ListingMessage tone="empty" title={t('empty')} text={t('emptyHint')} />;
  }
  const grid = (
    <AdultGridSwap path={EXPLORE_ENDPOINTS[tab]} params={{ page: 1, limit: EXPLORE_PAGE_SIZE }} view={view}>
      <AnimeGrid items={result.items} view={view} />
    </AdultGridSwap>
  );
  if (!result.offline) return grid;
  return (
    <>
      <OfflineBadge season={result.season} className="mb-3" />
      <WithheldNotice count={withheld} className="mb-3" />
      {grid}
    </>
  );
}

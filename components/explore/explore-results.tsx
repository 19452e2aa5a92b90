import { getTranslations } from 'next-intl/server';
import { AnimeGrid } from '@/components/anime/anime-grid';
import { AdultGridSwap } from '@/components/auth/adult-grid-swap';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { loadExploreTab } from '@/lib/discovery/listings';
import type { ExploreTab, View } from '@/lib/discovery/params';
import { PAGE_SIZE } from '@/lib/jikan';

const API_PATH: Record<ExploreTab, string> = {
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
      <ListingMessage tone="error" text={t('error')} action={<RetryButton label={tCommon('retry')} />} />
    );
  }
  if (result.items.length === 0) {
    return <ListingMessage tone="empty" title={t('empty')} text={t('emptyHint')} />;
  }
  return (
    <AdultGridSwap path={API_PATH[tab]} params={{ page: 1, limit: PAGE_SIZE.explore }} view={view}>
      <AnimeGrid items={result.items} view={view} />
    </AdultGridSwap>
  );
}

import { getLocale, getTranslations } from 'next-intl/server';
import { ListingMessage } from '@/components/anime/listing-states';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNotice } from '@/components/anime/withheld-notice';
import { loadCarousel, type CarouselListing } from '@/lib/discovery/listings';
import { PAGE_SIZE } from '@/lib/jikan';
import { AnimeCarousel } from './anime-carousel';
import { CarouselFrame } from './carousel-frame';
import { CarouselRecovery } from './carousel-recovery';
import { countValues } from '@/lib/i18n/format-count';

const MESSAGES = {
  season: { title: 'seasonTitle', error: 'seasonError' },
  top: { title: 'topTitle', error: 'topError' },
} as const;

/**
 * 'Animes da Temporada Atual' or 'Animes Mais Bem Avaliados', rendered on the server so the first
 * paint already has cards (its Suspense fallback is CarouselSkeleton). Loaded, empty or failed.
 */
export async function ListingCarousel({ kind }: { kind: CarouselListing }) {
  const t = await getTranslations('Carousel');
  const locale = await getLocale();
  const title = t(MESSAGES[kind].title);
  const result = await loadCarousel(kind);

  if (result.status === 'failed') {
    return <CarouselRecovery kind={kind} title={title} errorText={t(MESSAGES[kind].error)} />;
  }
  const withheld = result.offline ? (result.withheld ?? 0) : 0;
  if (result.items.length === 0) {
    return (
      <CarouselFrame
        title={title}
        subtitle={withheld ? <OfflineBadge compact season={result.season} /> : undefined}
      >
        {withheld ? <WithheldNotice count={withheld} /> : <ListingMessage tone="empty" text={t('empty')} />}
      </CarouselFrame>
    );
  }
  const carousel = (
    <AnimeCarousel
      title={title}
      subtitle={
        result.offline ? (
          <>
            {t('foundCount', countValues(result.items.length, locale))}
            <OfflineBadge compact season={result.season} className="ml-2" />
          </>
        ) : (
          t('foundCount', countValues(result.items.length, locale))
        )
      }
      items={result.items.map((anime) => ({ anime }))}
      adultSource={{ path: `/api/anime/${kind}`, params: { page: 1, limit: PAGE_SIZE.carousel } }}
    />
  );
  if (!withheld) return carousel;
  return (
    <div className="flex flex-col gap-3">
      {carousel}
      <WithheldNotice count={withheld} />
    </div>
  );
}

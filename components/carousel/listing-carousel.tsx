import { getLocale, getTranslations } from 'next-intl/server';
import { carouselIcons } from '@/components/ui/control-icons';
import { ListingMessage } from '@/components/anime/listing-states';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNoticeView } from '@/components/anime/withheld-notice-view';
import { buttonClass } from '@/components/ui/button';
import { loadCarousel, type CarouselListing } from '@/lib/discovery/listings';
import { PAGE_SIZE } from '@/lib/jikan';
import { AnimeCarousel } from './anime-carousel';
import { CarouselFrame } from './carousel-frame';
import { CarouselSlides } from './carousel-slides';
import { LazyCarouselRecovery, LazyWithheldNotice } from './lazy-home-parts';
import { countValues } from '@/lib/i18n/format-count';

const MESSAGES = {
  season: { title: 'seasonTitle', error: 'seasonError' },
  top: { title: 'topTitle', error: 'topError' },
} as const;

/**
 * 'Animes da Temporada Atual' or 'Animes Mais Bem Avaliados', rendered on the server so the first
 * paint already has cards (in place: HomeCarousels). Loaded, empty or failed.
 */
export async function ListingCarousel({ kind }: { kind: CarouselListing }) {
  const t = await getTranslations('Carousel');
  const tCommon = await getTranslations('Common');
  const locale = await getLocale();
  const title = t(MESSAGES[kind].title);
  const result = await loadCarousel(kind);

  if (result.status === 'failed') {
    const errorText = t(MESSAGES[kind].error);
    return (
      <LazyCarouselRecovery
        kind={kind}
        title={title}
        errorText={errorText}
        fallback={
          <CarouselFrame title={title}>
            <ListingMessage
              tone="error"
              text={errorText}
              action={
                <button type="button" disabled aria-busy className={buttonClass('secondary')}>
                  {tCommon('retry')}
                </button>
              }
            />
          </CarouselFrame>
        }
      />
    );
  }
  const withheld = result.offline ? (result.withheld ?? 0) : 0;
  if (result.items.length === 0) {
    return (
      <CarouselFrame
        title={title}
        subtitle={withheld ? <OfflineBadge compact season={result.season} /> : undefined}
      >
        {withheld ? (
          <LazyWithheldNotice count={withheld} fallback={<WithheldNoticeView count={withheld} />} />
        ) : (
          <ListingMessage tone="empty" text={t('empty')} />
        )}
      </CarouselFrame>
    );
  }
  const carousel = (
    <AnimeCarousel
      icons={carouselIcons()}
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
      // The page's first carousel warms the detail route and loads its first covers (CarouselSlides).
      slides={<CarouselSlides items={result.items.map((anime) => ({ anime }))} first={kind === 'season'} />}
      count={result.items.length}
      adultSource={{ path: `/api/anime/${kind}`, params: { page: 1, limit: PAGE_SIZE.carousel } }}
    />
  );
  if (!withheld) return carousel;
  return (
    <div className="flex flex-col gap-3">
      {carousel}
      <LazyWithheldNotice count={withheld} fallback={<WithheldNoticeView count={withheld} />} />
    </div>
  );
}

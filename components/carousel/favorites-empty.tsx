import { Star } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { ListingMessage } from '@/components/anime/listing-states';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { CarouselFrame } from './carousel-frame';

/**
 * 'Meus Animes Favoritos' with nothing rated 4 or 5 (SPEC §2, §7). Shared by the server (the home
 * page draws it for a device that holds no favourite, with none of the carousel's code) and the
 * favourites carousel (a device whose favourites all went).
 */
export function FavoritesEmpty() {
  const t = useTranslations('Carousel');
  const tCommon = useTranslations('Common');
  return (
    <CarouselFrame title={t('favoritesTitle')}>
      <ListingMessage
        tone="empty"
        icon={Star}
        text={t('favoritesEmpty')}
        action={
          <Link href={routes.explore} className={buttonClass('secondary')}>
            {tCommon('goToExplore')}
          </Link>
        }
      />
    </CarouselFrame>
  );
}

import { getTranslations } from 'next-intl/server';
import { RatingForm, type SnapshotCard } from '@/components/rating/rating-form';
import { WatchListManager } from '@/components/lists/watch-list-manager';
import { ShareReviewSection } from './share-review-section';

/**
 * The visitor's own blocks of the detail page: 'Sua Avaliação', the watch lists and 'Compartilhar
 * Avaliação'. Client islands reading this browser's stores after hydration; the server render
 * (cached for everyone) holds only their skeletons.
 */
export async function PersonalSections({
  animeId,
  title,
  card,
}: {
  animeId: number;
  title: string;
  card: SnapshotCard;
}) {
  const t = await getTranslations('Rating');
  return (
    <>
      <section aria-labelledby="rating-title" className="flex flex-col gap-3" data-testid="rating-block">
        <h2 id="rating-title" className="text-lg font-bold">
          {t('title')}
        </h2>
        <RatingForm animeId={animeId} card={card} variant="detail" />
      </section>
      <WatchListManager animeId={animeId} card={card} />
      <ShareReviewSection animeId={animeId} title={title} cover={card.image} />
    </>
  );
}

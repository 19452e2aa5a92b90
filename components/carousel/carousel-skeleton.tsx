import { useTranslations } from 'next-intl';
import { AnimeCardSkeleton } from '@/components/anime/anime-card-skeleton';
import { cn } from '@/lib/utils/cn';
import { CarouselFrame } from './carousel-frame';
import { SLIDE_WIDTH_CLASS } from './slide-layout';

/** SPEC §2: while a carousel loads, ten skeleton cards show, laid out as the slides will be. */
const CAROUSEL_SKELETON_COUNT = 10;

export function CarouselSkeleton({ title, withNote = false }: { title: string; withNote?: boolean }) {
  const t = useTranslations('Common');
  return (
    <CarouselFrame
      title={title}
      busy
      subtitle={
        <>
          <span className="sr-only">{t('loading')}</span>
          <span aria-hidden className="skeleton h-3.5 w-32 rounded-sm" />
        </>
      }
    >
      <div
        className="skeleton-group -mx-1 flex gap-5 overflow-hidden px-1 py-2"
        data-testid="carousel-skeleton"
      >
        {Array.from({ length: CAROUSEL_SKELETON_COUNT }, (_, index) => (
          <AnimeCardSkeleton key={index} withNote={withNote} className={cn('shrink-0', SLIDE_WIDTH_CLASS)} />
        ))}
      </div>
    </CarouselFrame>
  );
}

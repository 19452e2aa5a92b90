'use client';

import { Star } from 'lucide';
import { useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { useListOf } from '@/lib/stores/lists-store';
import { useUserRating } from '@/lib/stores/use-user-rating';
import { useListsHydrated } from '@/lib/stores/use-lists-hydrated';

/**
 * The fan's own state of one anime ('Completo', 'Assistindo', ★ 4), read from this browser's
 * stores after hydration: the server's (cached, anonymous) HTML holds nothing here.
 */
export function FanState({ animeId }: { animeId: number }) {
  const hydrated = useListsHydrated();
  const list = useListOf(animeId);
  const { rating } = useUserRating(animeId);
  const t = useTranslations('WatchList');
  const r = useTranslations('Related');
  if (!hydrated || (!list && rating <= 0)) return null;
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="fan-state">
      {list && (
        <span className="rounded-full bg-accent-soft px-2 py-0.5 font-medium text-accent-text">
          {t(list)}
        </span>
      )}
      {rating > 0 && (
        <span className="inline-flex items-center gap-0.5 font-medium text-fg">
          <Glyph icon={Star} aria-hidden className="size-3 fill-star text-star" />
          <span className="sr-only">{r('fanRated', { rating })}</span>
          <span aria-hidden>{rating}</span>
        </span>
      )}
    </span>
  );
}

'use client';

import { Clock, Users } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { countValues } from '@/lib/i18n/format-count';
import { AnimeCard } from '@/components/anime/anime-card';
import { AnimeCardSkeleton } from '@/components/anime/anime-card-skeleton';
import { RetryButton } from '@/components/anime/retry-button';
import { useRecommendations } from '@/components/for-you/use-recommendations';
import { WithheldLine } from '@/components/for-you/withheld-line';
import type { RecommendationsAnswer } from '@/lib/jikan/recommendation-types';
import { myAnimeListUrl, NotLoadedYet } from './related/not-loaded-link';

/** The detail page shows the most voted recommendations, at most this many. */
export const MAX_SIMILAR = 12;
const SKELETONS = 6;
const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';

/**
 * 'Animes parecidos': what MyAnimeList fans recommend beside this anime, most votes first, loaded
 * after the page (it never holds the page back) from GET /api/anime/{id}/recommendations. While
 * the anime database has no room the section says the list is being gathered and asks again a few
 * times; when it cannot answer, a copy kept before shows with its date, or a message and a retry:
 * never a spinner that does not end. What the server holds is in the page (`initial`, cached with
 * it, readable without JavaScript) until the browser's own answer replaces it.
 */
export function SimilarAnimeSection({
  animeId,
  initial = null,
}: {
  animeId: number;
  /** The list as a visitor sees it, from what the server held when it rendered the page. */
  initial?: RecommendationsAnswer | null;
}) {
  const t = useTranslations('Similar');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const ids = useMemo(() => [animeId], [animeId]);
  // Asked still: usually a hit of the server's hot cache, it brings what was learnt since the
  // page was rendered, a verified adult's fuller list, or the mark of a copy kept from before.
  const { states, retry } = useRecommendations(ids);
  const asked = states.get(animeId) ?? { status: 'loading' };
  const state =
    initial && (asked.status === 'loading' || asked.status === 'waiting')
      ? { status: 'done' as const, answer: initial }
      : asked;
  const headingId = `similar-${animeId}`;

  let body: React.ReactNode;
  if (state.status === 'loading') {
    body = (
      <NotLoadedYet href={myAnimeListUrl(animeId, 'userrecs')} link={t('link')}>
        <div className={`skeleton-group ${GRID}`} aria-hidden>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <AnimeCardSkeleton key={index} withNote />
          ))}
        </div>
      </NotLoadedYet>
    );
  } else if (state.status === 'waiting') {
    body = <p className="text-sm text-muted">{t('pending')}</p>;
  } else if (state.status === 'gaveUp') {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <span>{t('unavailable')}</span>
        <RetryButton label={tCommon('retry')} onRetry={retry} />
      </div>
    );
  } else {
    const { items, withheld, stale } = state.answer;
    const shown = items.slice(0, MAX_SIMILAR);
    body = (
      <div className="flex flex-col gap-3">
        {stale && (
          <p className="flex items-center gap-1.5 text-sm text-muted" data-testid="similar-stale">
            <Glyph icon={Clock} aria-hidden className="size-4 shrink-0 text-warning" />
            {t('stale', {
              date: new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'pt-BR', { dateStyle: 'long' }).format(
                new Date(stale.fetchedAt),
              ),
            })}
          </p>
        )}
        {shown.length > 0 ? (
          <ul className={GRID}>
            {shown.map((anime) => (
              <li key={anime.id}>
                <AnimeCard
                  anime={anime}
                  note={
                    <p className="flex h-5 items-center gap-1 text-xs text-muted">
                      <Glyph icon={Users} aria-hidden className="size-3.5" />
                      {t('votes', countValues(anime.votes, locale))}
                    </p>
                  }
                />
              </li>
            ))}
          </ul>
        ) : (
          withheld === 0 && <p className="text-sm text-muted">{t('empty')}</p>
        )}
        <WithheldLine
          count={withheld}
          text={t('withheld', countValues(withheld, locale))}
          signIn={t('signIn')}
        />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading' || undefined}
      className="flex flex-col gap-3"
      data-testid="similar-anime"
    >
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted">{t('subtitle')}</p>
      </div>
      {body}
    </section>
  );
}

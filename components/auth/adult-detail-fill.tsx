'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { AnimeCover } from '@/components/anime/anime-cover';
import { EpisodesSection } from '@/components/detail/episodes-section';
import { TrailerFacade } from '@/components/detail/trailer-facade';
import { TrailerThumbnail } from '@/components/detail/trailer-thumbnail';
import { apiGet, isAbortError } from '@/lib/api-client';
import { cleanSynopsis } from '@/lib/detail/synopsis';
import { isGatedAnime } from '@/lib/jikan/gate';
import type { AnimeDetails, GatedAnime } from '@/lib/jikan/types';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * The cached detail page of an adult record is its gated, anonymous form (`children`). For a
 * verified adult, once sign-in resolves, the full record is fetched from our API with the ID
 * token (the server re-checks it) and its cover, synopsis, trailer and episodes are shown here.
 */
export function AdultDetailFill({
  animeId,
  title,
  children,
}: {
  animeId: number;
  title: string;
  children: ReactNode;
}) {
  const t = useTranslations('AdultDetail');
  const adult = useAuthStore(selectCanAccessAdult);
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const key = `${animeId}:${uid}`;
  const [loaded, setLoaded] = useState<{ key: string; anime: AnimeDetails } | null>(null);

  useEffect(() => {
    if (!adult) return;
    const controller = new AbortController();
    apiGet<{ data: AnimeDetails | GatedAnime }>(
      `/api/anime/${animeId}`,
      {},
      { signal: controller.signal },
    ).then(
      // A stub means the server did not verify adult access (an expired token): keep the gate.
      ({ data }) => {
        if (!isGatedAnime(data)) setLoaded({ key, anime: data });
      },
      (error: unknown) => {
        if (!isAbortError(error)) console.warn('[auth] could not load the full record', error);
      },
    );
    return () => controller.abort();
  }, [adult, animeId, key]);

  const anime = adult && loaded?.key === key ? loaded.anime : null;
  if (!anime) return children;
  const synopsis = cleanSynopsis(anime.synopsis);
  return (
    <div className="grid gap-8 sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="adult-detail-full">
      <div className="relative aspect-[2/3] w-48 overflow-hidden rounded-md bg-surface-2">
        <AnimeCover src={anime.images.cover} sizes="12rem" />
      </div>
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="adult-synopsis-title">
          <h2 id="adult-synopsis-title" className="mb-3 text-lg font-bold">
            {t('synopsis')}
          </h2>
          {synopsis.paragraphs.length > 0 ? (
            synopsis.paragraphs.map((paragraph, index) => (
              <p key={index} className="mb-3 leading-relaxed" lang="en">
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-muted">{t('noSynopsis')}</p>
          )}
        </section>
        {anime.trailerYoutubeId && (
          <TrailerFacade
            youtubeId={anime.trailerYoutubeId}
            image={
              <TrailerThumbnail
                youtubeId={anime.trailerYoutubeId}
                thumbnail={anime.trailerThumbnail ?? null}
              />
            }
            title={title}
          />
        )}
        <EpisodesSection animeId={anime.id} />
      </div>
    </div>
  );
}

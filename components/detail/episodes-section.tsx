'use client';

import { PlayCircle } from 'lucide';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { apiGet, isAbortError } from '@/lib/api-client';
import type { Episode } from '@/lib/jikan/types';

/** SPEC §9: at most five episodes are shown. */
export const MAX_EPISODES = 5;

/**
 * SPEC §2 'Episódios para Assistir', loaded after the page (it never holds the page back) from
 * our own API by anime id. Nothing is shown while loading, when the provider has nothing or
 * fails (SPEC §8: only a console warning).
 */
export function EpisodesSection({ animeId }: { animeId: number }) {
  const t = useTranslations('Episodes');
  const [episodes, setEpisodes] = useState<Episode[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: Episode[] | null }>(
      '/api/streaming/episodes',
      { id: animeId },
      { signal: controller.signal },
    )
      .then((body) => setEpisodes(body.data?.slice(0, MAX_EPISODES) ?? null))
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.warn('[episodes] lookup failed', error);
      });
    return () => controller.abort();
  }, [animeId]);

  if (!episodes?.length) return null;
  return (
    <section aria-labelledby="episodes-title" className="flex flex-col gap-3" data-testid="episodes">
      <h2 id="episodes-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {episodes.map((episode) => {
          const label = episode.title ?? t('episodeN', { number: episode.number });
          const content = (
            <>
              <Glyph icon={PlayCircle} aria-hidden className="size-5 shrink-0 text-accent-text" />
              <span className="min-w-0 flex-1 truncate">{label}</span>
              <span className="rounded-sm bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
                {t('number', { number: episode.number })}
              </span>
            </>
          );
          const className =
            'flex min-h-11 items-center gap-3 rounded-md border border-border bg-surface px-3 py-2 text-sm';
          return (
            <li key={episode.id}>
              {episode.url ? (
                <a
                  href={episode.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${className} hover:border-accent`}
                >
                  {content}
                </a>
              ) : (
                <span className={className}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

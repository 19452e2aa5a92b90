'use client';

import { Play } from 'lucide';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Glyph } from '@/components/ui/glyph';

/**
 * SPEC §2 trailer as a facade: a thumbnail and a play button. The youtube-nocookie player (about
 * 1 MB of script, and YouTube's requests) loads only when the visitor asks for it. `image`: the
 * thumbnail (TrailerThumbnail), drawn where the facade is rendered.
 */
export function TrailerFacade({
  youtubeId,
  image,
  title,
}: {
  youtubeId: string;
  image: ReactNode;
  title: string;
}) {
  const t = useTranslations('Trailer');
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(youtubeId);
  return (
    <section aria-labelledby="trailer-title" className="flex flex-col gap-3">
      <h2 id="trailer-title" className="text-xl font-bold">
        {t('heading')}
      </h2>
      <div className="relative aspect-video w-full overflow-hidden rounded-md border border-border bg-black">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
            title={t('frameTitle', { title })}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            className="absolute inset-0 size-full"
            data-testid="trailer-embed"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex items-center justify-center"
            aria-label={t('play', { title })}
            data-testid="trailer-facade"
          >
            {image}
            <span className="relative flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-transform duration-200 group-hover:scale-110 motion-reduce:transform-none">
              <Glyph icon={Play} aria-hidden className="size-8 translate-x-0.5" fill="currentColor" />
            </span>
          </button>
        )}
      </div>
    </section>
  );
}

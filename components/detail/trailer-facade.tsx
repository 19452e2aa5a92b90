'use client';

import { Play } from 'lucide';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';

/**
 * SPEC §2 trailer as a facade: a thumbnail and a play button. The youtube-nocookie player (about
 * 1 MB of script, and YouTube's requests) loads only when the visitor asks for it.
 */
export function TrailerFacade({
  youtubeId,
  thumbnail,
  title,
}: {
  youtubeId: string;
  thumbnail: string | null;
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
            {/* Through our image optimiser: same origin (the page's CSP), sized for the player. */}
            <Image
              src={thumbnail ?? `https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
              alt=""
              fill
              sizes="(min-width: 1024px) 640px, 100vw"
              className="object-cover opacity-80 transition-opacity duration-200 group-hover:opacity-100"
            />
            <span className="relative flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-transform duration-200 group-hover:scale-110 motion-reduce:transform-none">
              <Glyph icon={Play} aria-hidden className="size-8 translate-x-0.5" fill="currentColor" />
            </span>
          </button>
        )}
      </div>
    </section>
  );
}

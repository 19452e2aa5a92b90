import 'server-only';
import { ImageResponse } from 'next/og';
import type { CSSProperties } from 'react';
import { animeTitle, formatScore } from '@/lib/anime-display';
import type { Locale } from '@/lib/i18n/config';
import { detailVisibility } from '@/lib/detail/view';
import { fetchImageDataUrl } from '@/lib/server/image-data';
import { CARD_SIZE } from '@/lib/share/card-path';
import { animeRecord } from './load-anime';

export const OG_SIZE = CARD_SIZE;

/** The frame of every Open Graph card (the detail page's and a shared review's): cover left, text right. */
export const OG_FRAME: CSSProperties = {
  width: '100%',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 56,
  padding: 64,
  background: 'linear-gradient(135deg, #0c0c14 0%, #1e1b4b 100%)',
  color: '#f7f7fb',
};

/**
 * Only characters the bundled font draws. next/og ships Geist (Latin) inside Next itself; a glyph
 * it lacks (Japanese, emoji) would make it download a font from Google at render time, so those
 * are dropped instead: the card must never need the network for text.
 */
export function drawable(text: string): string {
  return text
    .replace(/[^\u0020-\u024f\u2018-\u201d\u2026\u2013\u2014]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The Open Graph card of /anime/{id}: cover, title and score (no cover for an adult record). An
 * anime not found answers 404; one that cannot be had now, 503 with Retry-After (nothing drawn).
 */
export async function renderOgImage(rawId: string, locale: Locale): Promise<Response> {
  const record = await animeRecord(rawId);
  if ('notFound' in record) return new Response(null, { status: 404 });
  if ('retryAfterSeconds' in record) {
    return new Response(null, { status: 503, headers: { 'Retry-After': String(record.retryAfterSeconds) } });
  }
  const { anime } = record;
  const { gated } = detailVisibility(anime, { adult: false });
  const title = drawable(animeTitle(anime, locale) ?? '') || 'Anime Master';
  const score = formatScore(anime.score, locale);
  const cover = gated ? null : await fetchImageDataUrl(anime.images.cover);

  return new ImageResponse(
    <div style={OG_FRAME}>
      {cover && (
        // eslint-disable-next-line @next/next/no-img-element -- satori draws plain <img>
        <img src={cover} alt="" width={334} height={500} style={{ borderRadius: 16, objectFit: 'cover' }} />
      )}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24, flex: 1 }}>
        <div style={{ fontSize: 30, color: '#a5b4fc', letterSpacing: 2 }}>ANIME MASTER</div>
        <div style={{ fontSize: title.length > 40 ? 56 : 72, lineHeight: 1.1 }}>{title}</div>
        {score && <div style={{ fontSize: 44, color: '#fbbf24' }}>{`${score}/10`}</div>}
        {gated && <div style={{ fontSize: 36, color: '#fbbf24' }}>18+</div>}
      </div>
    </div>,
    { ...OG_SIZE },
  );
}

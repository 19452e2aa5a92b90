import 'server-only';
import { getTranslations } from 'next-intl/server';
import { ImageResponse } from 'next/og';
import { animeRecord } from '@/components/detail/load-anime';
import { drawable, OG_FRAME, OG_SIZE } from '@/components/detail/og-image';
import { animeTitle } from '@/lib/anime-display';
import { detailVisibility } from '@/lib/detail/view';
import type { Locale } from '@/lib/i18n/config';
import { fetchImageDataUrl } from '@/lib/server/image-data';
import { parseReviewSegments } from '@/lib/share/review-link';

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z';

export type ReviewImageSegments = { id: string; score: string; opinion: string };

/**
 * The review card as a 1200 × 630 PNG: the link preview of a shared review. Cover (none
 * for an adult record), title, five stars and the opinion, in the colours of the in-app card. Text
 * goes through `drawable` (the bundled font only; nothing is fetched for glyphs). A broken link
 * answers 404; an anime that cannot be had right now answers 503 with Retry-After (nothing drawn,
 * so nothing is cached: lib/server/card-cache.ts).
 */
export async function renderReviewImage(segments: ReviewImageSegments, locale: Locale): Promise<Response> {
  const review = parseReviewSegments(segments);
  if (!review) return new Response(null, { status: 404 });
  const record = await animeRecord(String(review.id));
  if ('notFound' in record) return new Response(null, { status: 404 });
  if ('retryAfterSeconds' in record) {
    return new Response(null, { status: 503, headers: { 'Retry-After': String(record.retryAfterSeconds) } });
  }
  const { anime } = record;
  const t = await getTranslations({ locale, namespace: 'ReviewPage' });
  const tShare = await getTranslations({ locale, namespace: 'Share' });
  const { gated } = detailVisibility(anime, { adult: false });
  const title = drawable(animeTitle(anime, locale) ?? '') || 'Anime Master';
  const opinion = drawable(review.opinion);
  const cover = gated ? null : await fetchImageDataUrl(anime.images.cover);

  return new ImageResponse(
    <div style={OG_FRAME}>
      {cover ? (
        // eslint-disable-next-line @next/next/no-img-element -- satori draws plain <img>
        <img src={cover} alt="" width={334} height={500} style={{ borderRadius: 20, objectFit: 'cover' }} />
      ) : (
        <div
          style={{
            width: 334,
            height: 500,
            borderRadius: 20,
            background: '#272736',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 72,
            color: '#fbbf24',
          }}
        >
          {gated ? (
            '18+'
          ) : (
            <svg width="160" height="160" viewBox="0 0 24 24">
              <path d={STAR_PATH} fill="#3f3f55" />
            </svg>
          )}
        </div>
      )}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 22, flex: 1, minWidth: 0 }}>
        <div
          style={{ fontSize: 28, color: '#c4b5fd', letterSpacing: 3 }}
        >{`ANIME MASTER · ${t('ogKicker')}`}</div>
        <div style={{ fontSize: title.length > 40 ? 48 : 60, lineHeight: 1.1 }}>{title}</div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {[1, 2, 3, 4, 5].map((star) => (
            <svg key={star} width="56" height="56" viewBox="0 0 24 24">
              <path d={STAR_PATH} fill={star <= review.score ? '#fbbf24' : '#3f3f55'} />
            </svg>
          ))}
          <div style={{ fontSize: 44, color: '#fbbf24', marginLeft: 16 }}>{`${review.score}/5`}</div>
        </div>
        <div
          style={{
            fontSize: opinion.length > 100 ? 30 : 36,
            lineHeight: 1.35,
            color: opinion ? '#d4d4de' : '#9a9aae',
          }}
        >
          {opinion ? `“${opinion}”` : drawable(tShare('noOpinion'))}
        </div>
        {opinion && <div style={{ fontSize: 26, color: '#9a9aae' }}>{`— ${drawable(t('fanOpinion'))}`}</div>}
      </div>
    </div>,
    { ...OG_SIZE },
  );
}

import { renderReviewImage } from '@/components/share/review-og-image';
import { isLocale } from '@/lib/i18n/config';
import { cardNotFound, serveCard } from '@/lib/server/card-cache';
import { withRequestId } from '@/lib/server/request-id';
import { parseReviewSegments } from '@/lib/share/review-link';

type Segments = { locale: string; id: string; score: string; opinion: string };

/**
 * The preview card of a shared review (og:image and twitter:image of its page). Its segments must
 * be exactly those of a link the app makes (parseReviewSegments), else 404 before any render; a
 * card is drawn once and then served from the cache to everyone, only a render taking from the
 * asking client's budget (lib/server/card-cache.ts).
 */
export const GET = withRequestId(async function GET(
  request: Request,
  { params }: { params: Promise<Segments> },
) {
  const { locale, ...segments } = await params;
  if (!isLocale(locale) || !parseReviewSegments(segments)) return cardNotFound();
  return serveCard(request, ['review', locale, segments.id, segments.score, segments.opinion], () =>
    renderReviewImage(segments, locale),
  );
});

import { encodeSearchSegment } from '@/lib/discovery/params';
import type { Locale } from '@/lib/i18n/config';
import { NO_OPINION_SEGMENT, type ReviewParams } from './review-link';

/**
 * The addresses of the preview cards (og:image, twitter:image): route handlers under
 * /api/card (app/api/card/), one address per card whatever tag links it, so the Open Graph and the
 * Twitter image of a page are one render and one cached copy. A review card's segments are those
 * of the review page's internal path (lib/share/review-link.ts reviewInternalPath). Pure.
 */
export const cardPath = {
  anime: (id: number, locale: Locale) => `/api/card/${locale}/anime/${id}`,
  review: ({ id, score, opinion }: ReviewParams, locale: Locale) =>
    `/api/card/${locale}/review/${id}/${score}/${opinion ? encodeSearchSegment(opinion) : NO_OPINION_SEGMENT}`,
};

/** Every card's size and type, as its page's og:image:width, :height and :type say. */
export const CARD_SIZE = { width: 1200, height: 630 };
export const CARD_TYPE = 'image/png';

/** The openGraph.images / twitter.images entry of a page whose card is at `path`. */
export function cardImage(path: string, alt: string) {
  return { url: path, ...CARD_SIZE, type: CARD_TYPE, alt };
}

/**
 * Pure rules of the review image (SPEC §5, §9): the card is 400 px wide, rendered as a PNG at
 * scale 2 on a transparent background; the opinion is cut at 150 characters plus an ellipsis; the
 * tweet quotes its first 50; the file is anime-master-review-{sanitised title}.png.
 */

export const REVIEW_CARD_WIDTH = 400;
export const REVIEW_IMAGE_SCALE = 2;
export const OPINION_LIMIT = 150;
export const TWEET_SNIPPET = 50;
const FILE_TITLE_MAX = 80;

/** The opinion trimmed and cut at `limit` characters (whole code points) plus '…'; null when blank. */
export function truncateOpinion(opinion: string | null | undefined, limit = OPINION_LIMIT): string | null {
  const text = (opinion ?? '').trim();
  if (!text) return null;
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : text;
}

/** The first `limit` characters of the opinion for the tweet (SPEC §5), with '…' when cut. */
export function tweetSnippet(opinion: string | null | undefined, limit = TWEET_SNIPPET): string {
  return truncateOpinion(opinion, limit) ?? '';
}

/**
 * A title as a safe file-name part: accents folded, lowercase, anything else a single '-',
 * at most 80 characters; 'anime' when nothing is left.
 */
export function sanitizeFileTitle(title: string | null | undefined): string {
  const slug = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, FILE_TITLE_MAX)
    .replace(/-+$/g, '');
  return slug || 'anime';
}

export function reviewFileName(title: string | null | undefined): string {
  return `anime-master-review-${sanitizeFileTitle(title)}.png`;
}

/**
 * The cover through our own origin (Next's image optimiser), so drawing it does not taint the
 * canvas: the browser sees a same-origin image. 256 px is one of Next's default widths and covers
 * the card's 120 px cover at scale 2.
 */
export function sameOriginCover(cover: string | null | undefined): string | null {
  if (!cover) return null;
  if (cover.startsWith('/') && !cover.startsWith('//')) return cover;
  if (!/^https?:\/\//i.test(cover)) return null;
  return `/_next/image?url=${encodeURIComponent(cover)}&w=256&q=80`;
}

/** Twitter's web intent with the review text and the anime's page. */
export function twitterIntentUrl({
  title,
  rating,
  opinion,
  url,
}: {
  title: string;
  rating: number;
  opinion: string | null | undefined;
  url: string;
}): string {
  const snippet = tweetSnippet(opinion);
  const text = snippet ? `${title} — ${rating}/5: "${snippet}"` : `${title} — ${rating}/5`;
  const params = new URLSearchParams({ text, url });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

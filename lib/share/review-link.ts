import { decodeSearchSegment, encodeSearchSegment } from '@/lib/discovery/params';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { OPINION_LIMIT, truncateOpinion } from './review-image';

/**
 * The shareable review link (issue 12, beyond the spec): ratings live only in the sharer's
 * browser, so the link carries the review itself, in the clear and unsigned:
 *
 *   /anime/{id}/review?s={1–5}&o={opinion, at most 150 characters plus '…'}
 *
 * Nothing in it is trusted. The score must be exactly one digit 1–5; the opinion is plain text,
 * cleaned (controls and bidirectional overrides removed, NFC, blank runs shortened) and cut like
 * the card cuts it, and it is only ever rendered as text. proxy.ts turns the query into path
 * segments of the cached review page (`/{locale}/review/{id}/{score}/{base64url(opinion)}`),
 * normalised, so junk parameters cannot multiply cache entries. Pure: browser and server share it.
 */

export const REVIEW_SCORE_PARAM = 's';
export const REVIEW_OPINION_PARAM = 'o';
/** The path segment of "no opinion" (a path segment cannot be empty; not a base64url string). */
export const NO_OPINION_SEGMENT = '-';
/** The path segment of a score that is not 1–5: the page answers 404 with its explanation. */
export const INVALID_SCORE_SEGMENT = '0';

/** A score as it appears in the link: one digit 1–5, nothing else ('05', '4.5', ' 4' are refused). */
export function parseReviewScore(raw: string | null | undefined): number | null {
  return typeof raw === 'string' && /^[1-5]$/.test(raw) ? Number(raw) : null;
}

// C0 and C1 controls except tab and newline, the bidirectional embedding/override/isolate marks
// (they can make a review read backwards: "Trojan Source"), and the byte-order mark.
const UNSAFE_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * An opinion as the review page and card show it: NFC, unsafe characters removed, tabs as spaces,
 * at most one blank line in a row, trimmed, then cut at 150 characters plus '…' (idempotent: a
 * cut opinion stays the same). '' when nothing is left.
 */
export function sanitizeReviewOpinion(raw: string | null | undefined): string {
  const text = (raw ?? '')
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\t/g, ' ')
    .replace(/[ \u00a0]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n');
  return truncateOpinion(text, OPINION_LIMIT) ?? '';
}

/** Longest raw opinion read from a URL before it is cleaned: bounded work, whatever is sent. */
const RAW_OPINION_MAX = OPINION_LIMIT * 4;

/** The public review link (path and query) for a rating; the opinion is cut as the card cuts it. */
export function reviewHref({
  id,
  rating,
  opinion,
}: {
  id: number;
  rating: number;
  opinion: string | null | undefined;
}): string {
  const params = new URLSearchParams({ [REVIEW_SCORE_PARAM]: String(rating) });
  const text = sanitizeReviewOpinion(opinion);
  if (text) params.set(REVIEW_OPINION_PARAM, text);
  return `/anime/${id}/review?${params.toString()}`;
}

const REVIEW_PATH = /^\/anime\/([^/]+)\/review\/?$/;

/**
 * The internal path of a public review URL (proxy.ts), or null when `pathname` is not one. An
 * invalid score keeps no opinion: every broken link of an anime is one cached 404.
 */
export function reviewInternalPath(
  pathname: string,
  searchParams: URLSearchParams,
  locale: string,
): string | null {
  const match = REVIEW_PATH.exec(pathname);
  if (!match) return null;
  const score = parseReviewScore(searchParams.get(REVIEW_SCORE_PARAM));
  const raw = Array.from(searchParams.get(REVIEW_OPINION_PARAM) ?? '')
    .slice(0, RAW_OPINION_MAX)
    .join('');
  const opinion = score === null ? '' : sanitizeReviewOpinion(raw);
  const scoreSegment = score === null ? INVALID_SCORE_SEGMENT : String(score);
  const opinionSegment = opinion ? encodeSearchSegment(opinion) : NO_OPINION_SEGMENT;
  return `/${locale}/review/${match[1]}/${scoreSegment}/${opinionSegment}`;
}

export interface ReviewParams {
  id: number;
  score: number;
  /** Cleaned and cut; '' for no opinion. */
  opinion: string;
}

/**
 * The review in the internal path's segments, checked again (the card image's URL is reachable
 * without the proxy); null when the id or the score is not valid.
 */
export function parseReviewSegments(segments: {
  id: string;
  score: string;
  opinion: string;
}): ReviewParams | null {
  const id = parseAnimeId(segments.id);
  const score = parseReviewScore(segments.score);
  if (id === null || score === null) return null;
  const opinion =
    segments.opinion === NO_OPINION_SEGMENT
      ? ''
      : sanitizeReviewOpinion(decodeSearchSegment(segments.opinion));
  return { id, score, opinion };
}

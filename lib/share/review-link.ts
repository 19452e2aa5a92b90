import { decodeSearchSegment, encodeSearchSegment } from '@/lib/discovery/params';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { MAX_OPINION_LENGTH } from '@/lib/stores/opinion';
import { cleanOpinion } from '@/lib/utils/visible-text';
import { OPINION_LIMIT, truncateOpinion } from './review-image';

/**
 * The shareable review link (beyond the spec): ratings live only in the sharer's
 * browser, so the link carries the review itself, in the clear and unsigned:
 *
 *   /anime/{id}/review?s={1–5}&o={opinion, at most 150 characters plus '…'}
 *
 * Nothing in it is trusted. The score must be exactly one digit 1–5; the opinion is plain text,
 * cleaned (every invisible or format character removed, NFC, blank runs shortened) and cut like
 * the card cuts it, and it is only ever rendered as text, quoted and attributed to a fan. proxy.ts
 * turns the query into path segments of the cached review page
 * (`/{locale}/review/{id}/{score}/{base64url(opinion)}`), normalised, so junk parameters cannot
 * multiply cache entries. Pure: browser and server share it.
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

/**
 * An opinion as the review page and card show it: cleaned as the rating form stores it (NFC, every
 * invisible or format character removed: lib/utils/visible-text.ts), at most one blank line and
 * one space in a row, then cut at 150 characters plus '…' (idempotent: a cut opinion stays the
 * same). '' when nothing is left.
 */
export function sanitizeReviewOpinion(raw: string | null | undefined): string {
  const text = cleanOpinion(raw ?? '')
    .replace(/[ \u00a0]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n');
  return truncateOpinion(text, OPINION_LIMIT) ?? '';
}

/** Longest raw opinion read from a URL before it is cleaned: bounded work, whatever is sent. */
const RAW_OPINION_MAX = OPINION_LIMIT * 4;

/**
 * Longest opinion path segment: base64url of the longest opinion a link carries (150 characters
 * plus '…', 4 UTF-8 bytes each at most). A longer segment is refused before it is decoded.
 */
const MAX_OPINION_SEGMENT = Math.ceil(((OPINION_LIMIT + 1) * 4 * 4) / 3);

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
 * invalid score, or an opinion longer than the rating form allows, is a broken link and keeps no
 * opinion: every broken link of an anime is one cached 404.
 */
export function reviewInternalPath(
  pathname: string,
  searchParams: URLSearchParams,
  locale: string,
): string | null {
  const match = REVIEW_PATH.exec(pathname);
  if (!match) return null;
  const given = searchParams.get(REVIEW_OPINION_PARAM) ?? '';
  // Characters are at most 2 code units: a longer string is past the limit without counting.
  const tooLong =
    given.length > MAX_OPINION_LENGTH &&
    (given.length > MAX_OPINION_LENGTH * 2 || Array.from(given).length > MAX_OPINION_LENGTH);
  const score = tooLong ? null : parseReviewScore(searchParams.get(REVIEW_SCORE_PARAM));
  const raw = Array.from(given.slice(0, RAW_OPINION_MAX * 2))
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
 * without the proxy); null when the id or the score is not valid, or the opinion segment is not
 * exactly the one reviewInternalPath makes of a cleaned, cut opinion: anything else is not a link
 * the app made, and answers 404 before any work.
 */
export function parseReviewSegments(segments: {
  id: string;
  score: string;
  opinion: string;
}): ReviewParams | null {
  const id = parseAnimeId(segments.id);
  const score = parseReviewScore(segments.score);
  if (id === null || score === null) return null;
  if (segments.opinion === NO_OPINION_SEGMENT) return { id, score, opinion: '' };
  if (segments.opinion.length > MAX_OPINION_SEGMENT) return null;
  const opinion = decodeSearchSegment(segments.opinion);
  if (!opinion || sanitizeReviewOpinion(opinion) !== opinion) return null;
  if (encodeSearchSegment(opinion) !== segments.opinion) return null;
  return { id, score, opinion };
}

import { describe, expect, it } from 'vitest';
import { encodeSearchSegment } from '@/lib/discovery/params';
import {
  NO_OPINION_SEGMENT,
  parseReviewScore,
  parseReviewSegments,
  reviewHref,
  reviewInternalPath,
  sanitizeReviewOpinion,
} from './review-link';
import { MAX_OPINION_LENGTH } from '@/lib/stores/opinion';

const internal = (url: string, locale = 'pt') => {
  const parsed = new URL(url, 'http://x');
  return reviewInternalPath(parsed.pathname, parsed.searchParams, locale);
};

describe('parseReviewScore', () => {
  it.each(['1', '2', '3', '4', '5'])('accepts %s', (raw) => expect(parseReviewScore(raw)).toBe(Number(raw)));
  it.each([null, undefined, '', '0', '6', '05', '4.5', ' 4', '4 ', '-1', 'abc', '1e0', '٣'])(
    'refuses %j',
    (raw) => expect(parseReviewScore(raw)).toBeNull(),
  );
});

describe('sanitizeReviewOpinion', () => {
  it('keeps plain text (markup is text, never parsed)', () => {
    expect(sanitizeReviewOpinion('<script>alert(1)</script> "ótimo" & <b>lindo</b>')).toBe(
      '<script>alert(1)</script> "ótimo" & <b>lindo</b>',
    );
  });

  it('removes control characters and bidirectional overrides, keeps newlines', () => {
    expect(sanitizeReviewOpinion('a\u0000b\u0007c\u202Ed\u2066e\uFEFFf\r\ng\u0085h')).toBe('abcdef\ngh');
  });

  it.each([
    ['zero-width non-joiner and joiner', '\u200c\u200d'],
    ['word joiner', '\u2060'],
    ['Arabic letter mark', '\u061c'],
    ['tag characters', '\u{e0001}\u{e0065}\u{e0076}\u{e007f}'],
    ['soft hyphen', '\u00ad'],
    ['zero-width space', '\u200b'],
  ])('removes every invisible character: %s', (_name, invisible) => {
    expect(sanitizeReviewOpinion(`bo${invisible}m`)).toBe('bom');
  });

  it('shortens blank runs and trims', () => {
    expect(sanitizeReviewOpinion('  um\t\t dois \n\n\n\n três  ')).toBe('um dois \n\n três');
  });

  it('cuts at 150 characters plus an ellipsis, idempotently', () => {
    const cut = sanitizeReviewOpinion('x'.repeat(400));
    expect(cut).toBe(`${'x'.repeat(150)}…`);
    expect(sanitizeReviewOpinion(cut)).toBe(cut);
  });

  it('normalises to NFC and answers "" for nothing', () => {
    expect(sanitizeReviewOpinion('e\u0301')).toBe('é');
    expect(sanitizeReviewOpinion('\u202E \u0000 ')).toBe('');
    expect(sanitizeReviewOpinion(null)).toBe('');
  });
});

describe('reviewHref', () => {
  it('carries the score and the cut opinion', () => {
    const href = reviewHref({ id: 1, rating: 4, opinion: `Ótimo & lindo ${'y'.repeat(200)}` });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/anime/1/review');
    expect(url.searchParams.get('s')).toBe('4');
    expect(Array.from(url.searchParams.get('o') ?? '')).toHaveLength(151);
  });

  it('leaves the opinion out when there is none', () => {
    expect(reviewHref({ id: 20, rating: 5, opinion: '   ' })).toBe('/anime/20/review?s=5');
  });
});

describe('reviewInternalPath', () => {
  it('turns the query into path segments', () => {
    expect(internal('/anime/1/review?s=5&o=Bang.')).toBe(`/pt/review/1/5/${encodeSearchSegment('Bang.')}`);
    expect(internal('/anime/1/review?s=3', 'en')).toBe(`/en/review/1/3/${NO_OPINION_SEGMENT}`);
  });

  it('is not a review path otherwise', () => {
    expect(internal('/anime/1')).toBeNull();
    expect(internal('/anime/1/review/extra?s=5')).toBeNull();
  });

  it('collapses junk: extra parameters, an invalid score, over-long opinions', () => {
    expect(internal('/anime/1/review?s=5&o=Bang.&utm=x&o=again')).toBe(
      internal('/anime/1/review?s=5&o=Bang.'),
    );
    expect(internal('/anime/1/review?s=9&o=whatever')).toBe(`/pt/review/1/0/${NO_OPINION_SEGMENT}`);
    expect(internal('/anime/1/review?o=whatever')).toBe(`/pt/review/1/0/${NO_OPINION_SEGMENT}`);
    expect(internal(`/anime/1/review?s=2&o=${'z'.repeat(MAX_OPINION_LENGTH)}`)).toBe(
      internal(`/anime/1/review?s=2&o=${'z'.repeat(151)}`),
    );
  });

  it('reads an opinion longer than the rating form allows as a broken link', () => {
    expect(internal(`/anime/1/review?s=2&o=${'z'.repeat(MAX_OPINION_LENGTH + 1)}`)).toBe(
      `/pt/review/1/0/${NO_OPINION_SEGMENT}`,
    );
  });
});

describe('parseReviewSegments', () => {
  it('reads a segment pair back', () => {
    const path = internal('/anime/1/review?s=5&o=%3Cb%3E%C3%B3timo%3C%2Fb%3E%0Afim')!;
    const [, , , id, score, opinion] = path.split('/');
    expect(parseReviewSegments({ id: id!, score: score!, opinion: opinion! })).toEqual({
      id: 1,
      score: 5,
      opinion: '<b>ótimo</b>\nfim',
    });
  });

  it('refuses a bad id or score', () => {
    expect(parseReviewSegments({ id: 'abc', score: '5', opinion: NO_OPINION_SEGMENT })).toBeNull();
    expect(parseReviewSegments({ id: '0', score: '5', opinion: NO_OPINION_SEGMENT })).toBeNull();
    expect(parseReviewSegments({ id: '1', score: '0', opinion: NO_OPINION_SEGMENT })).toBeNull();
    expect(parseReviewSegments({ id: '1', score: '6', opinion: NO_OPINION_SEGMENT })).toBeNull();
  });

  // Segments reach the card image without the proxy: only the one path the proxy makes of an
  // opinion is a review, so junk cannot multiply renders.
  it.each([
    ['undecodable', '%%%'],
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not UTF-8', 'gA'],
    ['uncut', encodeSearchSegment('w'.repeat(500))],
    ['not cleaned', encodeSearchSegment('bo\u200bm')],
    ['blank once cleaned', encodeSearchSegment('\u200b')],
    ['longer than any opinion', 'A'.repeat(6000)],
  ])('refuses an opinion segment that is %s', (_name, opinion) => {
    expect(parseReviewSegments({ id: '1', score: '5', opinion })).toBeNull();
  });

  it('accepts the longest opinion a link carries', () => {
    const opinion = sanitizeReviewOpinion('😀'.repeat(400));
    expect(Array.from(opinion)).toHaveLength(151);
    expect(parseReviewSegments({ id: '1', score: '5', opinion: encodeSearchSegment(opinion) })).toEqual({
      id: 1,
      score: 5,
      opinion,
    });
  });
});

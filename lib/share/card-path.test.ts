import { describe, expect, it } from 'vitest';
import { cardImage, cardPath } from './card-path';
import { parseReviewSegments, reviewInternalPath } from './review-link';

describe('cardPath', () => {
  it('names an anime card by language and id', () => {
    expect(cardPath.anime(20, 'pt')).toBe('/api/card/pt/anime/20');
    expect(cardImage(cardPath.anime(20, 'en'), 'Naruto')).toEqual({
      url: '/api/card/en/anime/20',
      width: 1200,
      height: 630,
      type: 'image/png',
      alt: 'Naruto',
    });
  });

  it('names a review card by the segments of the review page its link opens', () => {
    for (const query of ['s=4&o=Muito%20bom', 's=5']) {
      const internal = reviewInternalPath('/anime/1/review', new URLSearchParams(query), 'pt')!;
      const [, , , id, score, opinion] = internal.split('/');
      const review = parseReviewSegments({ id: id!, score: score!, opinion: opinion! })!;
      expect(cardPath.review(review, 'pt')).toBe(`/api/card${internal}`);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  reviewFileName,
  sameOriginCover,
  sanitizeFileTitle,
  truncateOpinion,
  tweetSnippet,
  twitterIntentUrl,
} from './review-image';

describe('truncateOpinion', () => {
  it('keeps an opinion of up to 150 characters whole', () => {
    const text = 'a'.repeat(150);
    expect(truncateOpinion(text)).toBe(text);
  });

  it('cuts a longer one at 150 characters and adds an ellipsis', () => {
    const result = truncateOpinion('b'.repeat(151));
    expect(result).toBe(`${'b'.repeat(150)}…`);
    expect(Array.from(result ?? '')).toHaveLength(151);
  });

  it('counts code points, never splitting an emoji', () => {
    const result = truncateOpinion('😀'.repeat(200)) ?? '';
    expect(Array.from(result)).toHaveLength(151);
    expect(result.endsWith('😀…')).toBe(true);
  });

  it('answers null for a blank opinion (the card then says "Nenhuma opinião fornecida.")', () => {
    expect(truncateOpinion('   ')).toBeNull();
    expect(truncateOpinion(undefined)).toBeNull();
  });
});

describe('tweetSnippet', () => {
  it('uses the first 50 characters', () => {
    expect(tweetSnippet('x'.repeat(80))).toBe(`${'x'.repeat(50)}…`);
    expect(tweetSnippet('short')).toBe('short');
    expect(tweetSnippet('')).toBe('');
  });

  it('goes into the intent URL', () => {
    const url = new URL(twitterIntentUrl({ title: 'Naruto', rating: 4, opinion: 'Great', url: 'https://a.example/anime/20' }));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('text')).toBe('Naruto — 4/5: "Great"');
    expect(url.searchParams.get('url')).toBe('https://a.example/anime/20');
  });
});

describe('sanitizeFileTitle / reviewFileName', () => {
  it.each([
    ['Cowboy Bebop', 'cowboy-bebop'],
    ['Cowboy Bebop: Tengoku no Tobira', 'cowboy-bebop-tengoku-no-tobira'],
    ['Shingeki no Kyojin: The Final Season – Kanketsu-hen', 'shingeki-no-kyojin-the-final-season-kanketsu-hen'],
    ['Pokémon', 'pokemon'],
    ['../../etc/passwd', 'etc-passwd'],
    ['ナルト', 'anime'],
    ['', 'anime'],
  ])('%s → %s', (title, slug) => {
    expect(sanitizeFileTitle(title)).toBe(slug);
  });

  it('caps the length and names the PNG', () => {
    expect(sanitizeFileTitle('a '.repeat(100)).length).toBeLessThanOrEqual(80);
    expect(reviewFileName('Naruto')).toBe('anime-master-review-naruto.png');
  });
});

describe('sameOriginCover', () => {
  it('routes outside covers through our image optimiser', () => {
    expect(sameOriginCover('https://cdn.myanimelist.net/images/anime/4/19644.jpg')).toBe(
      '/_next/image?url=https%3A%2F%2Fcdn.myanimelist.net%2Fimages%2Fanime%2F4%2F19644.jpg&w=256&q=80',
    );
  });

  it('keeps site paths and refuses other schemes', () => {
    expect(sameOriginCover('/images/anime-placeholder.svg')).toBe('/images/anime-placeholder.svg');
    expect(sameOriginCover('javascript:alert(1)')).toBeNull();
    expect(sameOriginCover('//evil.example/x.png')).toBeNull();
    expect(sameOriginCover(null)).toBeNull();
  });
});

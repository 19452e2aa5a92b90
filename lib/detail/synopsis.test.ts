import { describe, expect, it } from 'vitest';
import { cleanSynopsis, splitParagraph, synopsisExcerpt } from './synopsis';

describe('cleanSynopsis', () => {
  it('answers nothing for an empty synopsis', () => {
    expect(cleanSynopsis(null)).toEqual({ paragraphs: [], credit: null });
    expect(cleanSynopsis('   \n ')).toEqual({ paragraphs: [], credit: null });
  });

  it('strips HTML tags (never rendering them) and decodes entities', () => {
    const result = cleanSynopsis(
      '<p>Spike &amp; Jet<br>hunt <b>bounties</b>.</p><script>alert(1)</script>&#39;ok&#x21;',
    );
    expect(result.paragraphs).toEqual(['Spike & Jet', 'hunt bounties.', "'ok!"]);
    expect(result.paragraphs.join('')).not.toMatch(/[<>]/);
  });

  it('pulls out the MyAnimeList credit', () => {
    expect(cleanSynopsis('A ninja wants respect.\n\n[Written by MAL Rewrite]')).toEqual({
      paragraphs: ['A ninja wants respect.'],
      credit: 'Written by MAL Rewrite',
    });
  });

  it.each([
    ['(Source: Crunchyroll)', 'Source: Crunchyroll'],
    ['[Escrito por MAL Rewrite]', 'Escrito por MAL Rewrite'],
    ['(Fonte: Funimation)', 'Fonte: Funimation'],
    ['[Fuente: Netflix]', 'Fuente: Netflix'],
    ['[Écrit par Wakanim]', 'Écrit par Wakanim'],
    ['(Geschrieben von Peppermint)', 'Geschrieben von Peppermint'],
    ['[Scritto da Dynit]', 'Scritto da Dynit'],
    ['[written  by   someone]', 'written by someone'],
  ])('pulls out the credit %s in its language', (bracket, credit) => {
    const result = cleanSynopsis(`The story begins. ${bracket}`);
    expect(result.credit).toBe(credit);
    expect(result.paragraphs).toEqual(['The story begins.']);
  });

  it('leaves other bracketed text alone', () => {
    expect(cleanSynopsis('Light (a student) finds a notebook [sic].')).toEqual({
      paragraphs: ['Light (a student) finds a notebook [sic].'],
      credit: null,
    });
  });

  it('turns newlines into paragraph breaks and collapses spaces', () => {
    expect(cleanSynopsis('First  line.\r\nSecond\tline.\n\n\nThird.').paragraphs).toEqual([
      'First line.',
      'Second line.',
      'Third.',
    ]);
  });

  it('splits long paragraphs at sentence boundaries into pieces of at most 200 characters', () => {
    const sentence = (n: number) => `Sentence number ${n} tells a little more of the story than before.`;
    const long = Array.from({ length: 8 }, (_, i) => sentence(i + 1)).join(' ');
    expect(long.length).toBeGreaterThan(400);
    const { paragraphs } = cleanSynopsis(long);
    expect(paragraphs.length).toBeGreaterThan(2);
    for (const paragraph of paragraphs) {
      expect(paragraph.length).toBeLessThanOrEqual(200);
      expect(paragraph).toMatch(/^Sentence number \d+ .*\.$/);
    }
    expect(paragraphs.join(' ')).toBe(long);
  });
});

describe('splitParagraph', () => {
  it('keeps a single over-long sentence whole', () => {
    const sentence = `${'word '.repeat(60).trim()}.`;
    expect(splitParagraph(sentence)).toEqual([sentence]);
  });

  it('keeps question and exclamation marks and closing quotes with their sentence', () => {
    const text = `${'A'.repeat(120)}?! "${'B'.repeat(60)}." ${'C'.repeat(100)}…`;
    expect(splitParagraph(text)).toEqual([
      `${'A'.repeat(120)}?! "${'B'.repeat(60)}."`,
      `${'C'.repeat(100)}…`,
    ]);
  });
});

describe('synopsisExcerpt', () => {
  it('is the cleaned text without the credit, cut at a word with an ellipsis', () => {
    expect(synopsisExcerpt('Short one. [Written by MAL Rewrite]')).toBe('Short one.');
    const excerpt = synopsisExcerpt(`${'lorem ipsum '.repeat(30)}`)!;
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.endsWith('ipsum…') || excerpt.endsWith('lorem…')).toBe(true);
    expect(synopsisExcerpt(null)).toBeNull();
  });
});

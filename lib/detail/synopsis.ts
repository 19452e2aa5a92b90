/**
 * The description cleaner of SPEC §2: upstream synopses arrive with HTML tags, entities, hard
 * newlines and a bracketed author credit ("[Written by MAL Rewrite]", "(Source: Crunchyroll)",
 * "[Escrito por …]"). The page shows the text as paragraphs of about 200 characters or fewer
 * (SPEC §9) and the credit on its own line. Pure, so server rendering, translation and tests share it.
 */

export const PARAGRAPH_LIMIT = 200;

export interface CleanSynopsis {
  paragraphs: string[];
  /** The credit without its brackets, e.g. "Written by MAL Rewrite"; null when there is none. */
  credit: string | null;
}

/** Words a credit starts with, in the languages synopses come in (checked case-insensitively). */
const CREDIT_OPENERS = [
  'written by',
  'source',
  'sources',
  'translated by',
  'escrito por',
  'fonte',
  'traduzido por',
  'fuente',
  'traducido por',
  'écrit par',
  'ecrit par',
  'geschrieben von',
  'quelle',
  'scritto da',
];

const CREDIT = new RegExp(
  String.raw`[\[(]\s*((?:${CREDIT_OPENERS.map((words) => words.split(' ').join(String.raw`\s+`)).join('|')})\b[^\])]*)[\])]`,
  'giu',
);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Tags become line breaks where they break lines, nothing otherwise; text is never rendered as HTML. */
function stripHtml(text: string): string {
  return text
    .replace(/<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*br\s*\/?\s*>/gi, '\n')
    .replace(/<\s*\/\s*(p|div|li|h[1-6])\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
}

/** Sentences, each keeping its closing punctuation and quotes. */
function sentences(paragraph: string): string[] {
  return (
    paragraph
      .match(/[^.!?…]+(?:[.!?…]+["'”’)\]]*|$)\s*/g)
      ?.map((part) => part.trim())
      .filter(Boolean) ?? [paragraph]
  );
}

/**
 * A paragraph over the limit split at sentence boundaries into pieces of at most `limit`
 * characters; a single sentence longer than that stays whole (cutting mid-sentence reads worse).
 */
export function splitParagraph(paragraph: string, limit = PARAGRAPH_LIMIT): string[] {
  if (paragraph.length <= limit) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences(paragraph)) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (current && joined.length > limit) {
      pieces.push(current);
      current = sentence;
    } else {
      current = joined;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

export function cleanSynopsis(raw: string | null | undefined, limit = PARAGRAPH_LIMIT): CleanSynopsis {
  if (!raw?.trim()) return { paragraphs: [], credit: null };
  let text = decodeEntities(stripHtml(raw.replace(/\r\n?/g, '\n')));

  let credit: string | null = null;
  text = text.replace(CREDIT, (_whole, inner: string) => {
    // The last credit wins: MyAnimeList appends it at the end.
    credit = inner.replace(/\s+/g, ' ').trim();
    return '';
  });

  const paragraphs = text
    .split(/\n+/)
    .map((paragraph) => paragraph.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((paragraph) => splitParagraph(paragraph, limit));
  return { paragraphs, credit };
}

/** The first `max` characters of the cleaned text, cut at a word, for a meta description. */
export function synopsisExcerpt(raw: string | null | undefined, max = 160): string | null {
  const text = cleanSynopsis(raw).paragraphs.join(' ');
  if (!text) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * Text a person wrote, as it is shown: nothing in it may be invisible. Every Unicode format (Cf)
 * and control (Cc) character goes: zero-width spaces and joiners (U+200B–U+200D, U+2060, U+FEFF),
 * the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E,
 * U+2066–9: they can make text read backwards), the soft hyphen, the tag characters
 * (U+E0000–U+E007F, which hide a message inside innocent text) and the C0/C1 controls. The Hangul
 * fillers (letters that draw as nothing) go too. Emoji lose their joiners and show as separate
 * pictures; variation selectors, which only choose a glyph, stay. Pure: browser and server share it.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\u{E0000}-\u{E007F}\u115F\u1160\u3164\uFFA0]/gu;

/** `text` without invisible characters; a newline survives when `keepNewlines` is set. */
export function stripInvisible(
  text: string,
  { keepNewlines = false }: { keepNewlines?: boolean } = {},
): string {
  return text.replace(INVISIBLE, (character) => (keepNewlines && character === '\n' ? character : ''));
}

/**
 * An opinion as the rating form stores it and every page shows it: NFC, line breaks as '\n', tabs
 * as spaces, invisible characters removed, trimmed. Idempotent.
 */
export function cleanOpinion(raw: string): string {
  return stripInvisible(raw.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' '), {
    keepNewlines: true,
  }).trim();
}

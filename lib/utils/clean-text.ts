/**
 * Text typed into a URL (a search, a parameter) as the app uses it: control characters (C0, DEL,
 * C1, NUL included), zero-width spaces (U+200B, U+2060, U+FEFF) and the invisible bidirectional
 * controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F marks)
 * removed, a lone surrogate replaced by U+FFFD, then trimmed. None of them is part of any title, and a right-to-left override would
 * make a query read back reversed ("spoofed") wherever the page repeats it. Zero-width joiners
 * stay: emoji sequences need them. Pure: pages and API routes read text the same way.
 */
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replace(INVISIBLE, '').trim();
}

/**
 * Whether a title is written in the Latin script: it has a Latin letter and no Chinese characters,
 * kana or hangul ('Mushishi', 'Mushi-Shi'; not '蟲師', nor 'ONE PIECE 劇場版'). A visitor who reads
 * no Japanese can read it, and search for it.
 */
const LATIN = /\p{Script=Latin}/u;
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function isLatinTitle(title: string | null | undefined): title is string {
  return !!title && LATIN.test(title) && !EAST_ASIAN.test(title);
}

/** The first Latin-script title of `candidates`, or null. */
export function firstLatinTitle(candidates: readonly (string | null | undefined)[]): string | null {
  return candidates.find(isLatinTitle) ?? null;
}

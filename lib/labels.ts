/**
 * Jikan's English labels (status, type, age rating, genre) → the interface language (SPEC §9:
 * "Status, type, rating and genre labels are translated"). The dictionaries live in
 * messages/{pt,en}.json under `Labels`; a value the dictionary does not know is shown as Jikan
 * sent it rather than hidden, so a new genre on MyAnimeList never blanks a card.
 */

export const LABEL_KINDS = ['status', 'statusBadge', 'type', 'rating', 'genre'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export type LabelDictionary = Readonly<Record<string, string>>;

/**
 * The translated label for `raw`, the raw value itself when the dictionary has no entry, or null
 * when there is nothing to show. Lookup is by own property, so a raw value such as "constructor"
 * or one containing dots (which next-intl would read as a key path) is still handled.
 */
export function translateLabel(dictionary: LabelDictionary, raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  return Object.hasOwn(dictionary, value) ? (dictionary[value] ?? value) : value;
}

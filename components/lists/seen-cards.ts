import { sanitizeSnapshot, type AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { browserStorage } from '@/lib/stores/local-storage';

/**
 * The card data of the anime pages this device rendered lately, kept so a list entry with no
 * snapshot of its own (a list restored from a backup holds only ids) still shows what the fan saw,
 * offline too. The detail page renders from the server's durable record for an anonymous visitor
 * (an adult record as its gated stub), so nothing here belongs to one account: every account on
 * the device may read it. Bounded to the latest MAX_SEEN_CARDS pages; a full storage keeps the old
 * copy.
 */

export const SEEN_CARDS_KEY = 'anime-master-seen-cards';
export const MAX_SEEN_CARDS = 100;

/** Stored as [id, card] pairs, oldest first (an object would order integer keys by value). */
type SeenCards = [number, unknown][];

function readAll(): SeenCards {
  const storage = browserStorage();
  if (!storage) return [];
  try {
    const parsed = JSON.parse(storage.getItem(SEEN_CARDS_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (pair): pair is [number, unknown] =>
        Array.isArray(pair) && pair.length === 2 && Number.isSafeInteger(pair[0]),
    );
  } catch {
    return [];
  }
}

/** Keeps the card of anime `id` as the page that was just rendered showed it. */
export function rememberCard(id: number, card: Omit<AnimeSnapshot, 'takenAt'>, now: Date = new Date()): void {
  const storage = browserStorage();
  if (!storage) return;
  const kept = readAll()
    .filter(([seen]) => seen !== id)
    .slice(-(MAX_SEEN_CARDS - 1));
  kept.push([id, { ...card, takenAt: now.toISOString() }]);
  try {
    storage.setItem(SEEN_CARDS_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the lists fall back to their other copies.
  }
}

/** The card this device last rendered for anime `id`, or null. */
export function recallCard(id: number): AnimeSnapshot | null {
  const pair = readAll().findLast(([seen]) => seen === id);
  return pair ? sanitizeSnapshot(pair[1]) : null;
}

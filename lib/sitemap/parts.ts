import { isAdultAnime } from '@/lib/jikan/filter';

/** Addresses per sitemap part (the sitemaps protocol allows 50,000; smaller parts read faster). */
export const SITEMAP_PART_SIZE = 10_000;

/** How many parts list `count` addresses: at least one, so robots.txt always names a sitemap. */
export function sitemapPartCount(count: number, size = SITEMAP_PART_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** The ids of part `part` (0-based) of `ids`; [] past the last part or for a malformed part. */
export function sitemapPart<T>(ids: readonly T[], part: number, size = SITEMAP_PART_SIZE): T[] {
  if (!Number.isSafeInteger(part) || part < 0) return [];
  return ids.slice(part * size, (part + 1) * size);
}

interface Facts {
  id: number;
  rating: string | null;
  genres: string[];
}

/**
 * The ids of stored records the adult gate lets anyone see. Every stored record came from the
 * anime database, so its facts are known (adultFactsUnknown: false); a record with no rating and
 * no adult genre is safe by the same rule every live page applies.
 */
export function safeIdsOf(records: readonly Facts[]): number[] {
  return records
    .filter((record) => Number.isSafeInteger(record.id) && record.id > 0)
    .filter((record) => !isAdultAnime({ rating: record.rating, genres: record.genres }))
    .map((record) => record.id);
}

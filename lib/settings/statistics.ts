/**
 * The statistics block of Settings › Dados (real figures instead of SPEC §2's fixed
 * placeholders): how many anime each list holds, how many are rated, the average score, the score
 * distribution and the top genres among the user's anime (from the snapshots kept with each entry).
 */

/** Any snapshot; `genres` is read when present. */
type Snapshot = object | null | undefined;

export type StatisticsInput = {
  ratings: Record<number, { rating: number }>;
  ratingEntries?: Record<number, { snapshot?: Snapshot }>;
  lists: Record<string, readonly number[]>;
  listEntries?: Record<number, { snapshot?: Snapshot }>;
};

export type Statistics = {
  listCounts: Record<string, number>;
  /** Distinct anime in any list. */
  inLists: number;
  rated: number;
  /** Mean of the 1–5 ratings, or null with none. */
  average: number | null;
  /** Index 0 holds the count of 1-star ratings … index 4 of 5 stars. */
  distribution: [number, number, number, number, number];
  topGenres: { name: string; count: number }[];
  /** Anime whose snapshot lists genres (the others cannot count towards genres). */
  withGenres: number;
};

export const TOP_GENRES = 5;

function genresOf(snapshot: Snapshot): string[] | null {
  const genres = snapshot && 'genres' in snapshot ? (snapshot as { genres: unknown }).genres : undefined;
  if (!Array.isArray(genres)) return null;
  return genres.filter((genre): genre is string => typeof genre === 'string' && genre.length > 0);
}

export function computeStatistics({ ratings, ratingEntries = {}, lists, listEntries = {} }: StatisticsInput): Statistics {
  const listCounts: Record<string, number> = {};
  const listed = new Set<number>();
  for (const [type, ids] of Object.entries(lists)) {
    listCounts[type] = ids.length;
    for (const id of ids) listed.add(id);
  }

  const distribution: Statistics['distribution'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let rated = 0;
  for (const { rating } of Object.values(ratings)) {
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) continue;
    distribution[rating - 1] = (distribution[rating - 1] ?? 0) + 1;
    sum += rating;
    rated += 1;
  }

  const genreCounts = new Map<string, number>();
  let withGenres = 0;
  const ids = new Set<number>([...listed, ...Object.keys(ratings).map(Number)]);
  for (const id of ids) {
    const genres = genresOf(ratingEntries[id]?.snapshot) ?? genresOf(listEntries[id]?.snapshot);
    if (!genres) continue;
    withGenres += 1;
    for (const genre of new Set(genres)) genreCounts.set(genre, (genreCounts.get(genre) ?? 0) + 1);
  }
  const topGenres = [...genreCounts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP_GENRES);

  return {
    listCounts,
    inLists: listed.size,
    rated,
    average: rated ? sum / rated : null,
    distribution,
    topGenres,
    withGenres,
  };
}

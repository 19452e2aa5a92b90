import type { AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import {
  emptyLists,
  LIST_TYPES,
  moveToList,
  serializeLists,
  type ListsData,
  type ListType,
} from '@/lib/stores/lists-store';
import type { KeyChange } from '@/lib/stores/local-storage';
import {
  ratingKey,
  RATING_ENTRIES_KEY,
  type RatingEntry,
  type RatingsData,
  type UserRating,
} from '@/lib/stores/ratings-store';

/**
 * How a list brought from another tracker (MyAnimeList's file, AniList, Kitsu) joins what the
 * device holds: one pure plan, written with writeKeys (every key or none).
 *
 * - Lists: each imported anime goes to its imported list (one list per anime). One the device had in
 *   another list moves, and the summary counts it (`movedLists`); one already in that list keeps
 *   its place, the larger progress and the dates the device had.
 * - Ratings: an imported score or opinion replaces the device's, except when the device's rating is
 *   newer than the tracker's last change of that entry (`keptNewer`: "12 avaliações deste aparelho
 *   são mais recentes e ficam"). An import without a score keeps the device's stars, one without
 *   notes its opinion. Rows without a date (MyAnimeList's file) are treated as newer.
 * - Anime the import does not name are left as they are.
 * It runs in one pass over the rows and the lists (50,000 rows plan in about a second).
 */

export interface ImportRow {
  id: number;
  list: ListType | null;
  /** Stars 1–5, or 0 for no rating. */
  rating: number;
  opinion: string;
  progress: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** The card copy for an anime the device has none of (null: looked up when shown). */
  snapshot: AnimeSnapshot | null;
  /** When the fan last changed the entry on the tracker (ISO), when it says. */
  updatedAt: string | null;
}

export interface ImportPlanSummary {
  /** Anime put in each list. */
  lists: Record<ListType, number>;
  /** Ratings (a score or an opinion) written. */
  ratings: number;
  /** Device ratings newer than the imported ones: they stay. */
  keptNewer: number;
  /** Device ratings the import replaces (or completes). */
  replacedRatings: number;
  /** Anime the device had in another list, moved to the imported one. */
  movedLists: number;
}

export interface ImportPlan {
  changes: KeyChange[];
  summary: ImportPlanSummary;
}

function rated(rating: UserRating | undefined): rating is UserRating {
  return !!rating && (rating.rating > 0 || rating.opinion.length > 0);
}

export function planListImport(
  rows: readonly ImportRow[],
  current: { lists: ListsData; ratings: RatingsData },
): ImportPlan {
  const counts = Object.fromEntries(LIST_TYPES.map((type) => [type, 0])) as Record<ListType, number>;
  const summary: ImportPlanSummary = {
    lists: counts,
    ratings: 0,
    keptNewer: 0,
    replacedRatings: 0,
    movedLists: 0,
  };
  const changes: KeyChange[] = [];

  const listOf = new Map<number, ListType>();
  for (const type of LIST_TYPES) for (const id of current.lists.lists[type]) listOf.set(id, type);
  const leaving = new Set<number>();
  const arriving = emptyLists();
  const entries = { ...current.lists.entries };
  const ratingEntries: Record<string, RatingEntry> = {};
  for (const [key, entry] of Object.entries(current.ratings.entries)) ratingEntries[key] = entry;
  let listsChanged = false;
  let ratingsChanged = false;
  const done = new Set<number>();

  for (const row of rows) {
    if (done.has(row.id)) continue;
    done.add(row.id);

    if (row.list) {
      const was = listOf.get(row.id) ?? null;
      const previous = entries[row.id];
      // The same move the list buttons make, on this one anime: automatic dates, progress bounds.
      const single: ListsData = {
        lists: was ? { ...emptyLists(), [was]: [row.id] } : emptyLists(),
        entries: previous ? { [row.id]: previous } : {},
      };
      const sameList = was === row.list;
      const moved = moveToList(single, row.id, row.list, {
        snapshot: previous?.snapshot ?? row.snapshot,
        progress: sameList ? Math.max(previous?.progress ?? 0, row.progress) : row.progress,
        startedAt: sameList ? (previous?.startedAt ?? row.startedAt) : row.startedAt,
        finishedAt: sameList ? (previous?.finishedAt ?? row.finishedAt) : row.finishedAt,
      }).entries[row.id];
      if (moved) entries[row.id] = moved;
      if (!sameList) {
        if (was) {
          leaving.add(row.id);
          summary.movedLists++;
        }
        arriving[row.list].push(row.id);
      }
      counts[row.list]++;
      listsChanged = true;
    }

    if (row.rating > 0 || row.opinion) {
      const device = current.ratings.ratings[row.id];
      const deviceAt = current.ratings.entries[row.id]?.ratedAt ?? null;
      const importedAt = row.updatedAt ? Date.parse(row.updatedAt) : Number.NaN;
      if (rated(device) && deviceAt && Date.parse(deviceAt) > importedAt) {
        summary.keptNewer++;
        continue;
      }
      const merged: UserRating = {
        rating: row.rating || device?.rating || 0,
        opinion: row.opinion || device?.opinion || '',
      };
      if (rated(device) && (device.rating !== merged.rating || device.opinion !== merged.opinion))
        summary.replacedRatings++;
      changes.push([ratingKey(row.id), JSON.stringify(merged)]);
      const stored = current.ratings.entries[row.id];
      ratingEntries[String(row.id)] = {
        snapshot: stored?.snapshot ?? row.snapshot,
        ratedAt: row.updatedAt ?? stored?.ratedAt ?? null,
      };
      summary.ratings++;
      ratingsChanged = true;
    }
  }

  if (listsChanged) {
    const lists = emptyLists();
    for (const type of LIST_TYPES) {
      const staying = leaving.size
        ? current.lists.lists[type].filter((id) => !leaving.has(id))
        : current.lists.lists[type];
      lists[type] = arriving[type].length ? [...staying, ...arriving[type]] : [...staying];
    }
    for (const [key, raw] of serializeLists({ lists, entries })) changes.push([key, raw]);
  }
  if (ratingsChanged) changes.push([RATING_ENTRIES_KEY, JSON.stringify(ratingEntries)]);
  return { changes, summary };
}

import { statusOn } from './dates';
import { matchTier, normalizeTitle, prepareQuery, type MatchTier } from './normalize';
import {
  compareText,
  page,
  STATUS_BY_JIKAN,
  TYPE_BY_JIKAN,
  TYPE_LABEL,
  type CatalogueSearch,
  type Entry,
  type SeenEntry,
} from './records';

/** Title search in any language the catalogue or the enrichment knows, best matches first: ids. */
export function searchCatalogue(
  entries: ReadonlyMap<number, Entry>,
  seenEntries: ReadonlyMap<number, SeenEntry>,
  query: CatalogueSearch,
  today: string,
): { ids: number[]; hasNextPage: boolean } {
  const normalized = normalizeTitle(query.q);
  if (!normalized) return { ids: [], hasNextPage: false };
  const q = prepareQuery(normalized);
  const type = query.type ? TYPE_BY_JIKAN[query.type] : undefined;
  const status = query.status ? STATUS_BY_JIKAN[query.status] : undefined;
  // A type or status the catalogue cannot express matches nothing rather than everything.
  if ((query.type && !type) || (query.status && !status)) return { ids: [], hasNextPage: false };

  interface Hit {
    id: number;
    tier: MatchTier;
    /** Length of the best-matching title: of two titles matching alike, the shorter is closer. */
    length: number;
    title: string | null;
    begin: string;
    links: number;
    popularity: number;
  }
  const hits: Hit[] = [];
  let length = 0;
  const bestTier = (titles: readonly string[], tier: MatchTier | null): MatchTier | null => {
    let best = tier;
    for (const title of titles) {
      const match = matchTier(title, q);
      if (match === null) continue;
      if (best === null || match < best || (match === best && title.length < length)) {
        best = match;
        length = title.length;
      }
    }
    return best;
  };
  // Only ids and sort keys while scanning: records are built for the page that is answered.
  const consider = (id: number, entry: Entry | undefined) => {
    const seen = seenEntries.get(id);
    length = 0;
    let tier = entry ? bestTier(entry.titles, null) : null;
    if (seen) tier = bestTier(seen.titles, tier);
    if (tier === null) return;
    if (type && (entry ? entry.record.type !== type : seen?.anime.type !== TYPE_LABEL[type])) return;
    if (status && (entry ? statusOn(entry.record, today) : seen?.anime.status) !== status) return;
    hits.push({
      id,
      tier,
      length,
      title: seen?.anime.title ?? entry?.record.title ?? null,
      begin: entry?.record.begin ?? '',
      links: entry?.record.links?.length ?? 0,
      popularity: seen?.anime.popularity ?? Number.MAX_SAFE_INTEGER,
    });
  };
  for (const [id, entry] of entries) consider(id, entry);
  for (const id of seenEntries.keys()) if (!entries.has(id)) consider(id, undefined);

  const direction = query.sort === 'desc' ? -1 : 1;
  const relevance = (a: Hit, b: Hit) =>
    a.tier - b.tier ||
    a.popularity - b.popularity ||
    a.length - b.length ||
    // More streaming services usually means a better known show.
    b.links - a.links ||
    a.id - b.id;
  const byField: Record<string, (a: Hit, b: Hit) => number> = {
    title: (a, b) => compareText(a.title, b.title) * direction,
    start_date: (a, b) => compareText(a.begin || null, b.begin || null) * direction,
    mal_id: (a, b) => (a.id - b.id) * direction,
  };
  const order = (query.orderBy && byField[query.orderBy]) || relevance;
  hits.sort((a, b) => order(a, b) || relevance(a, b));
  const { items, hasNextPage } = page(hits, query.page, query.limit);
  return { ids: items.map((hit) => hit.id), hasNextPage };
}

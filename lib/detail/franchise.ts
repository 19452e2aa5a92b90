import type { AnimeRelation } from '@/lib/jikan/types';

/**
 * An anime's relations and its franchise, as pure logic (no server code): the kinds of relation
 * and their label keys, the grouping shown on the detail page, the walk across the franchise and
 * its watch order. lib/jikan/related.ts gives the walk its data; components/detail shows it.
 */

/** The kinds of relation the page names (messages `Related.kinds.*`), in the order it shows them. */
export const RELATION_KINDS = [
  'sequel',
  'prequel',
  'sideStory',
  'parentStory',
  'alternativeVersion',
  'summary',
  'spinOff',
  'other',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** Jikan's names (any case) → the page's kinds; every other anime relation is 'other'. */
const KIND_OF: Record<string, RelationKind> = {
  sequel: 'sequel',
  prequel: 'prequel',
  'side story': 'sideStory',
  'parent story': 'parentStory',
  'alternative version': 'alternativeVersion',
  summary: 'summary',
  'spin-off': 'spinOff',
  'spin off': 'spinOff',
};

const normal = (relation: string) => relation.trim().toLowerCase().replace(/\s+/g, ' ');

export function relationKind(relation: string): RelationKind {
  return KIND_OF[normal(relation)] ?? 'other';
}

/**
 * The relations the franchise walk follows: one story told across seasons, films, side stories,
 * alternative versions, recaps and spin-offs. 'Character' (a shared cameo), 'Alternative
 * setting' and 'Other' lead out of the franchise and are not walked.
 */
const FRANCHISE_RELATIONS = new Set([
  'prequel',
  'sequel',
  'parent story',
  'side story',
  'alternative version',
  'summary',
  'spin-off',
  'full story',
]);

export function isFranchiseRelation(relation: string): boolean {
  return FRANCHISE_RELATIONS.has(normal(relation));
}

/** The most entries a franchise lists (and so the most records one walk reads). */
export const MAX_FRANCHISE = 40;

export interface RelatedRef {
  id: number;
  name: string;
}

export interface RelationGroup {
  kind: RelationKind;
  entries: RelatedRef[];
}

export interface GroupedRelations {
  /** Anime entries by kind, in RELATION_KINDS order, each anime once (its first kind). */
  groups: RelationGroup[];
  /** Manga, novels and other works: named as text. */
  adaptations: RelatedRef[];
}

/** The detail page's relations: anime grouped by kind, every other work apart. */
export function groupRelations(relations: readonly AnimeRelation[] | undefined): GroupedRelations {
  const byKind = new Map<RelationKind, RelatedRef[]>();
  const adaptations: RelatedRef[] = [];
  const seenAnime = new Set<number>();
  const seenWorks = new Set<number>();
  for (const group of relations ?? []) {
    const kind = relationKind(group.relation);
    for (const entry of group.entries) {
      if (entry.type !== 'anime') {
        if (!seenWorks.has(entry.id)) adaptations.push({ id: entry.id, name: entry.name });
        seenWorks.add(entry.id);
        continue;
      }
      if (seenAnime.has(entry.id)) continue;
      seenAnime.add(entry.id);
      const list = byKind.get(kind) ?? [];
      list.push({ id: entry.id, name: entry.name });
      byKind.set(kind, list);
    }
  }
  return {
    groups: RELATION_KINDS.flatMap((kind) => {
      const entries = byKind.get(kind);
      return entries ? [{ kind, entries }] : [];
    }),
    adaptations,
  };
}

/** The anime entries of the franchise relations of a record (walk edges). */
export function franchiseNeighbours(relations: readonly AnimeRelation[] | undefined): number[] {
  const ids: number[] = [];
  for (const group of relations ?? []) {
    if (!isFranchiseRelation(group.relation)) continue;
    for (const entry of group.entries) if (entry.type === 'anime') ids.push(entry.id);
  }
  return ids;
}

/** What the walk needs of a record: its relations, and its air date for the order. */
export interface WalkNode {
  id: number;
  airedFrom: string | null;
  year: number | null;
  relations: readonly AnimeRelation[];
}

/**
 * How a walk reads records:
 * - `known(ids)`: the records already learnt (hot cache, durable store), without any call to the
 *   anime database; a record not known is left out of the map;
 * - `step(id)`: one new record from the anime database, or null when it does not exist there, or
 *   undefined when the step is refused (no room at the limiter, the budget is spent, it failed).
 */
export interface WalkSource<N extends WalkNode> {
  known: (ids: readonly number[]) => Promise<Map<number, N>>;
  step: (id: number) => Promise<N | null | undefined>;
}

export interface WalkResult<N extends WalkNode> {
  /** Every record reached, in watch order (franchiseOrder), the start included. */
  nodes: N[];
  /** Every entry reachable within the bound is known: nothing is left to load. */
  complete: boolean;
  /** New records asked of the anime database by this walk. */
  steps: number;
}

/**
 * The franchise of `start` (its own record, already had): a breadth-first walk over the
 * franchise relations, reading what is known level by level (one read per level), taking at most
 * `maxSteps` new records from the anime database, and listing at most `maxEntries` anime. Cycles
 * (a prequel's sequel is the start) are walked once; an entry the database does not have is
 * skipped; an entry not known and not stepped leaves the walk incomplete.
 */
export async function walkFranchise<N extends WalkNode>(
  start: N,
  source: WalkSource<N>,
  { maxEntries = MAX_FRANCHISE, maxSteps = 1 }: { maxEntries?: number; maxSteps?: number } = {},
): Promise<WalkResult<N>> {
  const reached = new Map<number, N>([[start.id, start]]);
  const seen = new Set<number>([start.id]);
  let complete = true;
  let steps = 0;
  let level: N[] = [start];
  while (level.length > 0) {
    const next: number[] = [];
    for (const node of level) {
      for (const id of franchiseNeighbours(node.relations)) {
        if (seen.has(id)) continue;
        if (seen.size >= maxEntries) {
          // Past the bound: the franchise lists its first maxEntries, and says there is more.
          complete = false;
          continue;
        }
        seen.add(id);
        next.push(id);
      }
    }
    if (next.length === 0) break;
    const known = await source.known(next);
    const found: N[] = [];
    for (const id of next) {
      let node: N | null | undefined = known.get(id);
      if (!node) {
        if (steps >= maxSteps) {
          complete = false;
          continue;
        }
        steps += 1;
        node = await source.step(id);
        if (node === undefined) {
          complete = false;
          // A refused step (no room, budget spent): no other step in this walk.
          steps = maxSteps;
          continue;
        }
        if (node === null) continue;
      }
      reached.set(id, node);
      found.push(node);
    }
    level = found;
  }
  return { nodes: franchiseOrder([...reached.values()]), complete, steps };
}

/**
 * Watch order: by first air date; an entry known only by its year comes at that year's start;
 * one with no date at all comes last. Ties by MyAnimeList id (the older entry first).
 */
export function franchiseOrder<N extends Pick<WalkNode, 'id' | 'airedFrom' | 'year'>>(
  nodes: readonly N[],
): N[] {
  const key = (node: N) => node.airedFrom ?? (node.year ? `${node.year}-01-01` : '\uffff');
  return [...nodes].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
  });
}

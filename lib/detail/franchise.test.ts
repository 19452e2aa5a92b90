import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import type { AnimeRelation } from '@/lib/jikan/types';
import {
  franchiseOrder,
  groupRelations,
  MAX_FRANCHISE,
  RELATION_KINDS,
  relationKind,
  walkFranchise,
  type WalkNode,
} from './franchise';

const anime = (relation: string, ...ids: number[]): AnimeRelation => ({
  relation,
  entries: ids.map((id) => ({ id, type: 'anime', name: `Anime ${id}` })),
});

function node(id: number, airedFrom: string | null, relations: AnimeRelation[]): WalkNode {
  return { id, airedFrom, year: airedFrom ? Number(airedFrom.slice(0, 4)) : null, relations };
}

/** Clannad as MyAnimeList links it: the TV series, its special, After Story and its special. */
const CLANNAD = new Map<number, WalkNode>([
  [2167, node(2167, '2007-10-04', [anime('Sequel', 4181), anime('Side story', 4059)])],
  [4059, node(4059, '2008-07-16', [anime('Parent story', 2167)])],
  [4181, node(4181, '2008-10-03', [anime('Prequel', 2167), anime('Side story', 6351)])],
  [6351, node(6351, '2009-07-01', [anime('Parent story', 4181)])],
]);

/** A source that knows `known` and steps into `upstream`, counting the steps. */
function source(known: Set<number>, upstream: Map<number, WalkNode | null>, refuse = false) {
  const step = vi.fn(async (id: number) => {
    if (refuse) return undefined;
    const found = upstream.get(id);
    if (found === undefined) return null;
    if (found) known.add(id);
    return found;
  });
  return {
    step,
    known: async (ids: readonly number[]) =>
      new Map(ids.filter((id) => known.has(id)).map((id) => [id, upstream.get(id)!] as const)),
  };
}

describe('walkFranchise', () => {
  it('learns a franchise of four seen from its third one step per walk, then lists it in release order', async () => {
    const known = new Set([4181]);
    const walks = [];
    for (let visit = 0; visit < 5; visit += 1) {
      const result = await walkFranchise(CLANNAD.get(4181)!, source(known, CLANNAD));
      walks.push(result);
      expect(result.steps).toBeLessThanOrEqual(1);
      if (result.complete) break;
    }
    const last = walks.at(-1)!;
    expect(last.complete).toBe(true);
    expect(last.nodes.map((n) => n.id)).toEqual([2167, 4059, 4181, 6351]);
    // Two entries known at the first walk's end, then one more per walk.
    expect(walks.map((w) => w.nodes.length)).toEqual([2, 3, 4]);
  });

  it('walks a cycle once', async () => {
    const cycle = new Map([
      [1, node(1, '2001-01-01', [anime('Sequel', 2), anime('Prequel', 3)])],
      [2, node(2, '2002-01-01', [anime('Sequel', 3), anime('Prequel', 1)])],
      [3, node(3, '2003-01-01', [anime('Sequel', 1), anime('Prequel', 2)])],
    ]);
    const src = source(new Set([1, 2, 3]), cycle);
    const result = await walkFranchise(cycle.get(1)!, src);
    expect(result.nodes.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(result.complete).toBe(true);
    expect(src.step).not.toHaveBeenCalled();
  });

  it('skips an entry the database does not have, and is complete without it', async () => {
    const graph = new Map<number, WalkNode | null>([[1, node(1, '2001-01-01', [anime('Sequel', 2, 99)])]]);
    graph.set(2, node(2, '2002-01-01', [anime('Prequel', 1)]));
    const src = source(new Set([1, 2]), graph);
    const result = await walkFranchise(graph.get(1)!, src);
    expect(result.nodes.map((n) => n.id)).toEqual([1, 2]);
    expect(src.step).toHaveBeenCalledWith(99);
    expect(result.complete).toBe(true);
  });

  it('stays incomplete and takes no call when the step is refused', async () => {
    const src = source(new Set([4181]), CLANNAD, true);
    const result = await walkFranchise(CLANNAD.get(4181)!, src);
    expect(result.nodes.map((n) => n.id)).toEqual([4181]);
    expect(result.complete).toBe(false);
    // Refused once, the walk asks no more in this request.
    expect(src.step).toHaveBeenCalledTimes(1);
  });

  it('lists at most the bound, and says there is more', async () => {
    const chain = new Map<number, WalkNode>();
    for (let id = 1; id <= MAX_FRANCHISE + 10; id += 1) {
      const relations = [anime('Sequel', id + 1), ...(id > 1 ? [anime('Prequel', id - 1)] : [])];
      chain.set(id, node(id, `${1950 + id}-01-01`, relations));
    }
    const src = source(new Set(chain.keys()), chain);
    const result = await walkFranchise(chain.get(1)!, src);
    expect(result.nodes).toHaveLength(MAX_FRANCHISE);
    expect(result.complete).toBe(false);
  });

  it('does not follow relations that lead out of the franchise', async () => {
    const graph = new Map([
      [1, node(1, '2001-01-01', [anime('Character', 2), anime('Other', 3), anime('Full story', 4)])],
      [4, node(4, '2000-01-01', [])],
    ]);
    const src = source(new Set([1, 4]), graph);
    const result = await walkFranchise(graph.get(1)!, src);
    expect(result.nodes.map((n) => n.id)).toEqual([4, 1]);
  });
});

describe('franchiseOrder', () => {
  it('orders by air date, a year alone at its start, undated last, ties by id', () => {
    const order = franchiseOrder([
      { id: 5, airedFrom: null, year: null },
      { id: 4, airedFrom: '2008-10-03', year: 2008 },
      { id: 3, airedFrom: null, year: 2008 },
      { id: 2, airedFrom: '2007-10-04', year: 2007 },
      { id: 1, airedFrom: '2007-10-04', year: 2007 },
    ]);
    expect(order.map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('relation labels', () => {
  it('names every kind of Jikan relation, in either case', () => {
    expect(relationKind('Sequel')).toBe('sequel');
    expect(relationKind('Side Story')).toBe('sideStory');
    expect(relationKind('side story')).toBe('sideStory');
    expect(relationKind('Parent story')).toBe('parentStory');
    expect(relationKind('Alternative version')).toBe('alternativeVersion');
    expect(relationKind('Spin-off')).toBe('spinOff');
    expect(relationKind('Character')).toBe('other');
    expect(relationKind('Full story')).toBe('other');
  });

  it('has each label in Portuguese and English', () => {
    const labels = (messages: typeof pt) => RELATION_KINDS.map((kind) => messages.Related.kinds[kind]);
    expect(labels(pt)).toEqual([
      'Sequência',
      'Prequela',
      'História paralela',
      'História principal',
      'Versão alternativa',
      'Resumo',
      'Spin-off',
      'Outro',
    ]);
    expect(labels(en)).toEqual([
      'Sequel',
      'Prequel',
      'Side story',
      'Parent story',
      'Alternative version',
      'Summary',
      'Spin-off',
      'Other',
    ]);
  });

  it('groups anime by kind in the page order and lists other works apart', () => {
    const grouped = groupRelations([
      { relation: 'Adaptation', entries: [{ id: 21479, type: 'manga', name: 'Sword Art Online' }] },
      anime('Side Story', 442, 761),
      anime('Sequel', 1735),
      anime('Character', 1735),
    ]);
    expect(grouped.groups.map((g) => g.kind)).toEqual(['sequel', 'sideStory']);
    expect(grouped.groups[1]!.entries.map((e) => e.id)).toEqual([442, 761]);
    expect(grouped.adaptations).toEqual([{ id: 21479, name: 'Sword Art Online' }]);
  });
});

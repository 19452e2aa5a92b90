// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnimeSnapshot } from './anime-snapshot';
import {
  emptyLists,
  LIST_ENTRIES_KEY,
  moveToList,
  sanitizeLists,
  serializeLists,
  toggleList,
  useListsStore,
  type ListsData,
} from './lists-store';

const snap = (episodes: number | null = 12): AnimeSnapshot => ({
  title: 'Cowboy Bebop',
  titleEnglish: null,
  image: 'https://cdn.example/1.jpg',
  type: 'TV',
  episodes,
  score: 8.75,
  takenAt: '2026-11-20T10:00:00.000Z',
});

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const empty = (): ListsData => ({ lists: emptyLists(), entries: {} });

beforeEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await useListsStore.persist.rehydrate();
});

describe('list rules (pure)', () => {
  it('keeps an anime in at most one list: a move takes it out of the others', () => {
    let data = moveToList(empty(), 1, 'WATCHING', { today: '2026-11-01' });
    data = moveToList(data, 1, 'DROPPED', { today: '2026-11-02' });
    expect(data.lists.WATCHING).toEqual([]);
    expect(data.lists.DROPPED).toEqual([1]);
  });

  it('clicking the active list removes the anime from every list (SPEC §4)', () => {
    const first = toggleList(empty(), 5, 'PLAN_TO_WATCH');
    expect(first.list).toBe('PLAN_TO_WATCH');
    const second = toggleList(first.data, 5, 'PLAN_TO_WATCH');
    expect(second.list).toBeNull();
    expect(Object.values(second.data.lists).flat()).toEqual([]);
    expect(second.data.entries[5]).toBeUndefined();
  });

  it('sets dates on moves: Watching starts, Completed finishes and fills the progress', () => {
    let data = moveToList(empty(), 1, 'WATCHING', { snapshot: snap(24), today: '2026-11-01' });
    expect(data.entries[1]).toMatchObject({ startedAt: '2026-11-01', finishedAt: null, progress: 0 });
    data = moveToList(data, 1, 'COMPLETED', { today: '2026-11-20' });
    expect(data.entries[1]).toMatchObject({
      startedAt: '2026-11-01',
      finishedAt: '2026-11-20',
      progress: 24,
    });
    data = moveToList(data, 1, 'PLAN_TO_WATCH', { today: '2026-11-21' });
    expect(data.entries[1]).toMatchObject({ startedAt: null, finishedAt: null, progress: 0 });
  });

  it('sanitises stored lists: digit strings become numbers, garbage and repeats are dropped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = sanitizeLists(
      { PLAN_TO_WATCH: [1, '2', 'x', -3, 1.5, null, { id: 4 }], WATCHING: [2, 7], COMPLETED: 'nope' },
      {
        7: { progress: 3, startedAt: '2026-01-02', snapshot: { title: 'A', image: 'javascript:alert(1)' } },
        99: {},
      },
    );
    expect(data.lists.PLAN_TO_WATCH).toEqual([1, 2]);
    expect(data.lists.WATCHING).toEqual([7]);
    expect(data.lists.COMPLETED).toEqual([]);
    expect(data.entries[7]?.progress).toBe(3);
    expect(data.entries[7]?.snapshot?.image).toBeNull();
    expect(data.entries[99]).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe('useListsStore', () => {
  it('writes the documented keys as bare arrays of numbers', () => {
    const { toggle } = useListsStore.getState();
    expect(toggle(21, 'WATCHING', snap())).toEqual({ ok: true, list: 'WATCHING' });
    expect(toggle('30', 'PLAN_TO_WATCH')).toEqual({ ok: true, list: 'PLAN_TO_WATCH' });
    expect(stored('watchingList')).toEqual([21]);
    expect(stored('planToWatchList')).toEqual([30]);
    expect(stored('completedList')).toEqual([]);
    expect(stored('droppedList')).toEqual([]);
    expect(stored('onHoldList')).toEqual([]);
    expect(
      (stored(LIST_ENTRIES_KEY) as Record<string, { snapshot: AnimeSnapshot }>)['21']?.snapshot.title,
    ).toBe('Cowboy Bebop');
  });

  it('loads what the original app wrote, unchanged', async () => {
    localStorage.setItem('planToWatchList', JSON.stringify([1, 5]));
    localStorage.setItem('watchingList', JSON.stringify([20]));
    localStorage.setItem('completedList', JSON.stringify(['30']));
    localStorage.setItem('droppedList', '[]');
    await useListsStore.persist.rehydrate();
    const { lists } = useListsStore.getState();
    expect(lists).toEqual({
      PLAN_TO_WATCH: [1, 5],
      WATCHING: [20],
      COMPLETED: [30],
      DROPPED: [],
      ON_HOLD: [],
    });
    // Reading writes nothing: the original values stay byte for byte.
    expect(localStorage.getItem('completedList')).toBe('["30"]');
    expect(localStorage.getItem('onHoldList')).toBeNull();
  });

  it('a page view reads each key once and serialises nothing; the first change writes only its keys', async () => {
    const ids = Array.from({ length: 2000 }, (_, index) => index + 1);
    localStorage.setItem('completedList', JSON.stringify(ids));
    localStorage.setItem('watchingList', '["9001"]');
    localStorage.setItem(LIST_ENTRIES_KEY, JSON.stringify({ 1: { progress: 3, snapshot: snap() } }));
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const stringify = vi.spyOn(JSON, 'stringify');
    await useListsStore.persist.rehydrate();
    expect(useListsStore.getState().lists.COMPLETED).toHaveLength(2000);
    expect(stringify).not.toHaveBeenCalled();
    expect(new Set(getItem.mock.calls.map(([key]) => key)).size).toBe(getItem.mock.calls.length);
    stringify.mockRestore();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    expect(useListsStore.getState().toggle(5, 'DROPPED')).toEqual({ ok: true, list: 'DROPPED' });
    const written = setItem.mock.calls.map(([key]) => key);
    expect(written).toEqual(expect.arrayContaining(['completedList', 'droppedList', LIST_ENTRIES_KEY]));
    // A key whose list did not change is not written: it stays as the original app wrote it.
    expect(written).not.toContain('watchingList');
    expect(localStorage.getItem('watchingList')).toBe('["9001"]');
    expect(stored('completedList')).toEqual(ids.filter((id) => id !== 5));
  });

  it('serialises the entries key as JSON.stringify would, after changes too', () => {
    let data = moveToList(empty(), 1, 'WATCHING', { snapshot: snap(), today: '2026-11-01' });
    data = moveToList(data, 2, 'COMPLETED', { today: '2026-11-02' });
    const listed = (value: ListsData) => JSON.stringify(value.entries);
    expect(serializeLists(data).get(LIST_ENTRIES_KEY)).toBe(listed(data));
    data = moveToList(data, 1, 'COMPLETED', { today: '2026-11-03' });
    expect(serializeLists(data).get(LIST_ENTRIES_KEY)).toBe(listed(data));
    expect(serializeLists(data).get('completedList')).toBe('[2,1]');
  });

  it('rejects an unknown list type or a bad id, logs it and changes nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { toggle, moveTo, remove } = useListsStore.getState();
    expect(toggle(1, 'FAVOURITES')).toEqual({ ok: false, reason: 'invalid' });
    expect(toggle({ id: 1 }, 'WATCHING')).toEqual({ ok: false, reason: 'invalid' });
    expect(moveTo(0, 'WATCHING')).toEqual({ ok: false, reason: 'invalid' });
    expect(remove('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(warn).toHaveBeenCalledTimes(4);
    expect(localStorage.length).toBe(0);
  });

  it('counts progress up to the total, and only for listed anime', () => {
    const { moveTo, incrementProgress, setProgress } = useListsStore.getState();
    moveTo(9, 'WATCHING', snap(2));
    incrementProgress(9);
    incrementProgress(9);
    incrementProgress(9);
    expect(useListsStore.getState().entries[9]?.progress).toBe(2);
    setProgress(9, -4);
    expect(useListsStore.getState().entries[9]?.progress).toBe(0);
    expect(incrementProgress(10)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('storage full: answers quota, keeps the previous state and storage', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useListsStore.getState().toggle(1, 'WATCHING');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(useListsStore.getState().toggle(1, 'COMPLETED')).toEqual({ ok: false, reason: 'quota' });
    setItem.mockRestore();
    expect(useListsStore.getState().lists.WATCHING).toEqual([1]);
    expect(useListsStore.getState().lists.COMPLETED).toEqual([]);
    expect(stored('watchingList')).toEqual([1]);
    expect(stored('completedList')).toEqual([]);
  });

  it('a failure half-way through a move is rolled back (never in two lists or none)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useListsStore.getState().toggle(1, 'WATCHING');
    const original = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === 'completedList') throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    expect(useListsStore.getState().moveTo(1, 'COMPLETED').ok).toBe(false);
    expect(stored('watchingList')).toEqual([1]);
  });

  it('storage unavailable: reads give empty lists, writes answer unavailable, nothing throws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await useListsStore.persist.rehydrate();
    expect(useListsStore.getState().lists.WATCHING).toEqual([]);
    expect(useListsStore.getState().toggle(3, 'WATCHING')).toEqual({ ok: false, reason: 'unavailable' });
    expect(useListsStore.getState().lists.WATCHING).toEqual([]);
  });

  it('corrupted JSON in a list key reads as an empty list, the other keys stay untouched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('watchingList', '[1, 2');
    localStorage.setItem('completedList', '[3]');
    await useListsStore.persist.rehydrate();
    expect(useListsStore.getState().lists).toMatchObject({ WATCHING: [], COMPLETED: [3] });
    useListsStore.getState().toggle(4, 'DROPPED');
    expect(localStorage.getItem('completedList')).toBe('[3]');
  });

  it('looked-up snapshots are kept in one write for ids the original app listed (no entry data yet)', async () => {
    localStorage.setItem('watchingList', '[20]');
    localStorage.setItem('completedList', '[30]');
    await useListsStore.persist.rehydrate();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    useListsStore.getState().updateSnapshots(
      new Map([
        [20, snap(220)],
        [21, snap()],
        [30, snap(26)],
      ]),
    );
    expect(setItem.mock.calls.filter(([key]) => key === LIST_ENTRIES_KEY)).toHaveLength(1);
    setItem.mockRestore();
    expect(useListsStore.getState().entries[20]?.snapshot?.episodes).toBe(220);
    expect(useListsStore.getState().entries[30]?.snapshot?.episodes).toBe(26);
    expect(stored(LIST_ENTRIES_KEY)).toHaveProperty('20.snapshot.title', 'Cowboy Bebop');
    // An id in no list gets no entry.
    expect(useListsStore.getState().entries[21]).toBeUndefined();
    expect(localStorage.getItem('watchingList')).toBe('[20]');
    expect(localStorage.getItem('completedList')).toBe('[30]');
  });

  it("picks up another tab's change from a storage event", async () => {
    localStorage.setItem('droppedList', '[77]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'droppedList', newValue: '[77]' }));
    await vi.waitFor(() => expect(useListsStore.getState().lists.DROPPED).toEqual([77]));
  });
});

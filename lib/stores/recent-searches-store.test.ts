// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addRecentSearch,
  RECENT_SEARCHES_KEY,
  recentSearchesStorage,
  sanitizeRecentSearches,
  useRecentSearchesStore,
} from './recent-searches-store';

const stored = () => JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null') as unknown;

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  useRecentSearchesStore.setState({ recent: [] });
});

describe('addRecentSearch', () => {
  it('puts the newest first, trimmed', () => {
    expect(addRecentSearch(['Naruto'], '  One Piece ')).toEqual(['One Piece', 'Naruto']);
  });

  it('moves a repeated term to the front instead of duplicating it, ignoring case', () => {
    expect(addRecentSearch(['One Piece', 'naruto', 'Bleach'], 'NARUTO')).toEqual([
      'NARUTO',
      'One Piece',
      'Bleach',
    ]);
  });

  it('keeps at most five', () => {
    let list: string[] = [];
    for (const term of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']) list = addRecentSearch(list, term);
    expect(list).toEqual(['a7', 'a6', 'a5', 'a4', 'a3']);
  });

  it('ignores blank terms', () => {
    expect(addRecentSearch(['Naruto'], '   ')).toEqual(['Naruto']);
  });
});

describe('sanitizeRecentSearches', () => {
  it('keeps only distinct non-blank strings, at most five', () => {
    expect(
      sanitizeRecentSearches(['a', 1, null, '', ' b ', 'A', { q: 'c' }, 'c', 'd', 'e', 'f', 'g']),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('answers an empty list for anything that is not an array', () => {
    for (const value of [null, undefined, 'Naruto', 42, { recent: ['a'] }]) {
      expect(sanitizeRecentSearches(value)).toEqual([]);
    }
  });

  it('drops entries longer than the search accepts', () => {
    expect(sanitizeRecentSearches(['x'.repeat(201), 'ok'])).toEqual(['ok']);
  });
});

describe('useRecentSearchesStore', () => {
  it('writes the documented format: a bare JSON array under recentSearches, newest first', () => {
    const { add } = useRecentSearchesStore.getState();
    add('Naruto');
    add('One Piece');
    add('naruto');
    expect(stored()).toEqual(['naruto', 'One Piece']);
    expect(useRecentSearchesStore.getState().recent).toEqual(['naruto', 'One Piece']);
  });

  it('reads a list the original app (or a backup) left in storage', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['Death Note', 'Bleach']));
    await useRecentSearchesStore.persist.rehydrate();
    expect(useRecentSearchesStore.getState().recent).toEqual(['Death Note', 'Bleach']);
  });

  it('survives corrupted storage: invalid JSON or the wrong shape become an empty list', async () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{"data": [');
    await useRecentSearchesStore.persist.rehydrate();
    expect(useRecentSearchesStore.getState().recent).toEqual([]);

    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify({ state: { recent: ['x'] }, version: 0 }));
    await useRecentSearchesStore.persist.rehydrate();
    expect(useRecentSearchesStore.getState().recent).toEqual([]);

    useRecentSearchesStore.getState().add('Naruto');
    expect(stored()).toEqual(['Naruto']);
  });

  it('keeps working in memory when storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => useRecentSearchesStore.getState().add('Naruto')).not.toThrow();
    expect(useRecentSearchesStore.getState().recent).toEqual(['Naruto']);
  });

  it('keeps working when storage cannot even be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(recentSearchesStorage.getItem(RECENT_SEARCHES_KEY)).toEqual({ state: { recent: [] }, version: 0 });
  });

  it('clears the list and the key', () => {
    useRecentSearchesStore.getState().add('Naruto');
    useRecentSearchesStore.getState().clear();
    expect(stored()).toEqual([]);
    useRecentSearchesStore.getState().remove('x');
    expect(useRecentSearchesStore.getState().recent).toEqual([]);
  });
});

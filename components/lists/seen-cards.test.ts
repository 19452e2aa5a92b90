import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SEEN_CARDS, SEEN_CARDS_KEY, recallCard, rememberCard } from './seen-cards';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const card = (title: string) => ({
  title,
  titleEnglish: null,
  image: 'https://cdn.myanimelist.net/images/anime/6/73245l.jpg',
  type: 'TV',
  episodes: null,
  score: 8.7,
});

describe('seen cards', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('recalls the card a page was rendered with, with the time it was kept', () => {
    rememberCard(21, card('One Piece'), new Date('2026-11-26T10:00:00Z'));
    expect(recallCard(21)).toMatchObject({ title: 'One Piece', takenAt: '2026-11-26T10:00:00.000Z' });
    expect(recallCard(5114)).toBeNull();
  });

  it('keeps the latest pages only, a page seen again counting as the latest', () => {
    for (let id = 1; id <= MAX_SEEN_CARDS; id++) rememberCard(id, card(`Anime ${id}`));
    rememberCard(1, card('Anime 1 again'));
    rememberCard(MAX_SEEN_CARDS + 1, card('One more'));
    expect(recallCard(1)?.title).toBe('Anime 1 again');
    expect(recallCard(2)).toBeNull();
    expect(recallCard(MAX_SEEN_CARDS + 1)?.title).toBe('One more');
    expect(JSON.parse(storage.getItem(SEEN_CARDS_KEY) ?? '[]')).toHaveLength(MAX_SEEN_CARDS);
  });

  it('reads what storage holds as a valid card or nothing, and survives a full storage', () => {
    storage.setItem(
      SEEN_CARDS_KEY,
      JSON.stringify([[7, { title: 'X', image: 'javascript:alert(1)' }], [8, 'bad'], ['9', {}], 'junk']),
    );
    expect(recallCard(7)).toMatchObject({ title: 'X', image: null });
    expect(recallCard(8)).toBeNull();
    storage.setItem(SEEN_CARDS_KEY, '{not json');
    expect(recallCard(7)).toBeNull();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => rememberCard(9, card('Nine'))).not.toThrow();
  });
});

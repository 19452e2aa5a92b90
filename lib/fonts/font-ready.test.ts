import { describe, expect, it, vi } from 'vitest';
import { FONT_READY_KEY, firstFamily, warmFonts } from './font-ready';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

const loadedFace = { family: 'inter' } as FontFace;

describe('firstFamily', () => {
  it('takes the first family of a CSS list, without quotes', () => {
    expect(firstFamily(`'inter', 'inter Fallback', system-ui`)).toBe('inter');
    expect(firstFamily(` "Inter Variable" , sans-serif`)).toBe('Inter Variable');
    expect(firstFamily('roboto')).toBe('roboto');
  });

  it('is null for an empty or missing list', () => {
    expect(firstFamily('')).toBeNull();
    expect(firstFamily('  ')).toBeNull();
    expect(firstFamily(`''`)).toBeNull();
  });
});

describe('warmFonts', () => {
  it('loads the first family of the list and records it', async () => {
    const storage = memoryStorage();
    const load = vi.fn(async () => [loadedFace]);
    await expect(
      warmFonts({ fonts: { load }, familyList: `'inter', 'inter Fallback'`, storage }),
    ).resolves.toBe(true);
    expect(load).toHaveBeenCalledWith('400 1em "inter"');
    expect(storage.values.get(FONT_READY_KEY)).toBe('1');
  });

  it('fetches nothing when the font is already recorded', async () => {
    const load = vi.fn(async () => [loadedFace]);
    const storage = memoryStorage({ [FONT_READY_KEY]: '1' });
    await expect(warmFonts({ fonts: { load }, familyList: 'inter', storage })).resolves.toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('records nothing when the fetch fails, so a later page tries again', async () => {
    const storage = memoryStorage();
    const load = vi.fn(async () => {
      throw new DOMException('A network error occurred.', 'NetworkError');
    });
    await expect(warmFonts({ fonts: { load }, familyList: 'inter', storage })).resolves.toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('records nothing when no face of that family is declared', async () => {
    const storage = memoryStorage();
    await expect(warmFonts({ fonts: { load: async () => [] }, familyList: 'inter', storage })).resolves.toBe(
      false,
    );
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('fetches nothing without a family or without storage to remember it in', async () => {
    const load = vi.fn(async () => [loadedFace]);
    await expect(warmFonts({ fonts: { load }, familyList: '', storage: memoryStorage() })).resolves.toBe(
      false,
    );
    await expect(warmFonts({ fonts: { load }, familyList: 'inter', storage: null })).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('answers false when storage is full or blocked, without throwing', async () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    await expect(
      warmFonts({ fonts: { load: async () => [loadedFace] }, familyList: 'inter', storage: blocked }),
    ).resolves.toBe(false);
    const unreadable = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: vi.fn(),
    };
    const load = vi.fn(async () => [loadedFace]);
    await expect(warmFonts({ fonts: { load }, familyList: 'inter', storage: unreadable })).resolves.toBe(
      false,
    );
    expect(load).not.toHaveBeenCalled();
  });
});

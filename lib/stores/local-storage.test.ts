// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyDiffWriter, writeKeysInSlices } from './local-storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('writeKeysInSlices', () => {
  it('writes every change in slices, one task each, saying how far it got', async () => {
    const changes = Array.from({ length: 25 }, (_, index) => [`k${index}`, String(index)] as const);
    const progress: number[] = [];
    const pause = vi.fn(async () => undefined);
    expect(
      await writeKeysInSlices(changes, { size: 10, pause, onProgress: (done) => progress.push(done) }),
    ).toEqual({
      ok: true,
    });
    expect(progress).toEqual([10, 20, 25]);
    expect(pause).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('k24')).toBe('24');
  });

  it('puts back the slices already written when a later one fails: every change or none', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('k1', 'old');
    const original = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === 'k15') throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    const changes = Array.from({ length: 20 }, (_, index) => [`k${index}`, 'new'] as const);
    expect(await writeKeysInSlices(changes, { size: 10, pause: async () => undefined })).toEqual({
      ok: false,
      reason: 'quota',
    });
    expect(localStorage.getItem('k1')).toBe('old');
    expect(localStorage.getItem('k0')).toBeNull();
    expect(localStorage.length).toBe(1);
  });
});

describe('KeyDiffWriter', () => {
  it('serialises what was read only when a write needs it, and writes only the keys that differ', () => {
    localStorage.setItem('a', '1');
    localStorage.setItem('b', '2');
    const writer = new KeyDiffWriter();
    const read = vi.fn(() => [['a', '1'] as const, ['b', '2'] as const]);
    writer.rememberLater(read);
    expect(read).not.toHaveBeenCalled();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    expect(
      writer.write(
        new Map([
          ['a', '1'],
          ['b', '3'],
        ]),
      ),
    ).toEqual({ ok: true });
    expect(read).toHaveBeenCalledTimes(1);
    expect(setItem.mock.calls).toEqual([['b', '3']]);
    // Then it compares with what it wrote.
    writer.write(
      new Map([
        ['a', '1'],
        ['b', '3'],
      ]),
    );
    expect(read).toHaveBeenCalledTimes(1);
    expect(setItem).toHaveBeenCalledTimes(1);
  });
});

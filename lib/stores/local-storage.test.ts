// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeKeysInSlices } from './local-storage';

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

import { describe, expect, it, vi } from 'vitest';
import { addSnapshotSink, storeFetchedSnapshot } from './snapshot-sinks';

const copy = {
  title: 'Naruto',
  titleEnglish: null,
  image: null,
  type: 'TV',
  episodes: 220,
  score: 8,
  takenAt: '2026-11-28T00:00:00.000Z',
};

describe('snapshot sinks', () => {
  it('hands a fetched copy to every registered store, even when one of them throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const lists = vi.fn();
    const broken = vi.fn(() => {
      throw new Error('storage full');
    });
    const ratings = vi.fn();
    addSnapshotSink(lists);
    addSnapshotSink(broken);
    addSnapshotSink(ratings);
    storeFetchedSnapshot(20, copy);
    expect(lists).toHaveBeenCalledWith(20, copy);
    expect(ratings).toHaveBeenCalledWith(20, copy);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

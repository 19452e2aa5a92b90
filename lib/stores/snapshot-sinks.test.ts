import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addSnapshotSink,
  flushFetchedSnapshots,
  SNAPSHOT_BATCH_MS,
  storeFetchedSnapshot,
} from './snapshot-sinks';

const copy = (title: string) => ({
  title,
  titleEnglish: null,
  image: null,
  type: 'TV',
  episodes: 220,
  score: 8,
  takenAt: '2026-11-28T00:00:00.000Z',
});

describe('snapshot sinks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    flushFetchedSnapshots();
    vi.useRealTimers();
  });

  it('hands copies fetched together to every registered store in one batch, even when one throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const lists = vi.fn();
    const broken = vi.fn(() => {
      throw new Error('storage full');
    });
    const ratings = vi.fn();
    addSnapshotSink(lists);
    addSnapshotSink(broken);
    addSnapshotSink(ratings);
    storeFetchedSnapshot(20, copy('Naruto (old)'));
    storeFetchedSnapshot(1535, copy('Death Note'));
    storeFetchedSnapshot(20, copy('Naruto'));
    vi.advanceTimersByTime(SNAPSHOT_BATCH_MS - 1);
    expect(lists).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const batch = new Map([
      [20, copy('Naruto')],
      [1535, copy('Death Note')],
    ]);
    expect(lists).toHaveBeenCalledExactlyOnceWith(batch);
    expect(ratings).toHaveBeenCalledExactlyOnceWith(batch);
    expect(warn).toHaveBeenCalledOnce();
    // Nothing waits any more: the next batch starts empty.
    vi.advanceTimersByTime(SNAPSHOT_BATCH_MS);
    expect(lists).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('hands the waiting copies over at once when asked (a page hidden or left)', () => {
    const sink = vi.fn();
    addSnapshotSink(sink);
    storeFetchedSnapshot(30, copy('Evangelion'));
    flushFetchedSnapshots();
    expect(sink).toHaveBeenCalledExactlyOnceWith(new Map([[30, copy('Evangelion')]]));
    vi.advanceTimersByTime(SNAPSHOT_BATCH_MS);
    expect(sink).toHaveBeenCalledOnce();
  });
});

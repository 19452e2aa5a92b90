import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/schema';
import type { AnimeDetails } from '@/lib/jikan/types';
import { captureServerLog } from '@/test/support/log';
import { provideProcessState } from '@/test/support/process';
import { createRecordStoreState } from '@/lib/records';

const afterMock = vi.hoisted(() => ({ kept: [] as Promise<unknown>[] }));
vi.mock('next/server', () => ({ after: (task: Promise<unknown>) => afterMock.kept.push(task) }));
vi.mock('@/lib/db', () => ({ getDb: () => Promise.reject(new Error('no database in unit tests')) }));
const store = vi.hoisted(() => ({ saveRecords: vi.fn(), saveTranslation: vi.fn() }));
vi.mock('./store', async (original) => ({ ...(await original<object>()), ...store }));

const { keepRecords, MAX_PENDING_WRITES, recordWritesSettled, WRITE_TIMEOUT_MS } = await import('./index');

const db = {} as Kysely<Database>;
const record = (id: number) => ({ id, titles: [] }) as unknown as AnimeDetails;
const savedIds = () =>
  store.saveRecords.mock.calls.flatMap(([, , records]) => records.map((r: { id: number }) => r.id));

beforeEach(() => {
  provideProcessState('records', createRecordStoreState(db));
  store.saveRecords.mockReset();
  afterMock.kept = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the record write queue', () => {
  it('hands every write to after(), which waits until it is made', async () => {
    let finish!: () => void;
    store.saveRecords.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    keepRecords([record(1)]);
    expect(afterMock.kept).toHaveLength(1);
    let ended = false;
    void afterMock.kept[0]!.then(() => (ended = true));
    await vi.waitFor(() => expect(store.saveRecords).toHaveBeenCalledOnce());
    expect(ended).toBe(false);
    finish();
    await vi.waitFor(() => expect(ended).toBe(true));
  });

  it('gives up on a hung write after WRITE_TIMEOUT_MS and goes on with the next', async () => {
    vi.useFakeTimers();
    const log = captureServerLog('warn');
    store.saveRecords.mockImplementationOnce(() => new Promise(() => undefined)).mockResolvedValue(undefined);
    keepRecords([record(1)]);
    keepRecords([record(2)]);
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    expect(savedIds()).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    await recordWritesSettled();
    expect(savedIds()).toEqual([1, 2]);
    expect(log.lines).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('could not store 1 record(s); written again at its next fetch'),
        err: expect.objectContaining({
          message: expect.stringContaining(`took longer than ${WRITE_TIMEOUT_MS} ms`),
        }),
      }),
    ]);
    log.stop();
  });

  it('counts the writes it drops when the queue is full, and writes a dropped record at its next fetch', async () => {
    const log = captureServerLog('warn');
    let release!: () => void;
    store.saveRecords
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)))
      .mockResolvedValue(undefined);
    for (let id = 1; id <= MAX_PENDING_WRITES; id += 1) keepRecords([record(id)]);
    keepRecords([record(9001)]);
    keepRecords([record(9002)]);
    const dropped = log.matching(/dropped/);
    expect(dropped).toEqual([expect.objectContaining({ waiting: MAX_PENDING_WRITES, dropped: 1 })]);
    log.stop();
    await vi.waitFor(() => expect(store.saveRecords).toHaveBeenCalledOnce());
    release();
    await recordWritesSettled();
    expect(savedIds()).not.toContain(9001);
    // The record's next fetch keeps it again: nothing remembers the dropped write as made.
    keepRecords([record(9001)]);
    await recordWritesSettled();
    expect(savedIds()).toContain(9001);
  });
});

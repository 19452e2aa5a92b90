import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureServerLog } from '@/test/support/log';
import { freshProcess } from '@/test/support/process';

const details = vi.hoisted(() => ({
  getAnimeDetails: vi.fn(async (id: number) => ({ id, offline: undefined }) as unknown),
}));
const room = vi.hoisted(() => ({ limiterHasRoom: vi.fn(async () => true) }));
vi.mock('./details', () => details);
vi.mock('./related', () => room);

const { learnOneRecord } = await import('./learn');

beforeEach(() => {
  freshProcess('learn');
  details.getAnimeDetails.mockReset();
  room.limiterHasRoom.mockReset();
  room.limiterHasRoom.mockResolvedValue(true);
});

afterEach(() => vi.restoreAllMocks());

describe('learnOneRecord', () => {
  it('fetches the first missing record, once while it is in flight, then the next', async () => {
    let finish: () => void = () => undefined;
    details.getAnimeDetails.mockImplementation(
      (id: number) => new Promise((resolve) => (finish = () => resolve({ id }))),
    );
    expect(await learnOneRecord([7, 8])).toBe(7);
    expect(await learnOneRecord([7, 8])).toBe(8);
    expect(details.getAnimeDetails.mock.calls.map(([id]) => id)).toEqual([7, 8]);
    expect(await learnOneRecord([7, 8])).toBeNull();
    finish();
    await vi.waitFor(async () => expect(await learnOneRecord([8])).toBe(8));
  });

  it('calls nothing when the limiter has no room, or nothing is missing', async () => {
    room.limiterHasRoom.mockResolvedValue(false);
    expect(await learnOneRecord([7])).toBeNull();
    room.limiterHasRoom.mockResolvedValue(true);
    expect(await learnOneRecord([])).toBeNull();
    expect(details.getAnimeDetails).not.toHaveBeenCalled();
  });

  it('a failed fetch is logged, never thrown, and may be tried again', async () => {
    const log = captureServerLog('warn');
    try {
      details.getAnimeDetails.mockRejectedValueOnce(new Error('down'));
      expect(await learnOneRecord([7])).toBe(7);
      await vi.waitFor(() =>
        expect(log.lines).toEqual([
          expect.objectContaining({ err: expect.objectContaining({ message: 'down' }) }),
        ]),
      );
      details.getAnimeDetails.mockResolvedValueOnce({ id: 7 });
      expect(await learnOneRecord([7])).toBe(7);
    } finally {
      log.stop();
    }
  });
});

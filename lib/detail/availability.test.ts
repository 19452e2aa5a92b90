import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/server/errors';

const getAnimeDetails = vi.hoisted(() => vi.fn());
vi.mock('@/lib/jikan', () => ({ getAnimeDetails }));
vi.mock('next/cache', () => ({ unstable_cache: (fn: () => unknown) => fn }));

const {
  DETAIL_RETRY_SECONDS,
  currentDetails,
  detailStatus,
  detailUnavailableFor,
  resetDetailAvailabilityForTests,
} = await import('./availability');
const { rememberGoodListing, resetRenderCacheForTests } = await import('@/lib/server/render-cache');

beforeEach(() => {
  vi.useRealTimers();
  getAnimeDetails.mockReset();
  resetDetailAvailabilityForTests();
  resetRenderCacheForTests();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('detailUnavailableFor', () => {
  it('lets a loadable record through (the render then finds it cached)', async () => {
    getAnimeDetails.mockResolvedValue({ id: 1 });
    await expect(detailUnavailableFor(1)).resolves.toBeNull();
    expect(getAnimeDetails).toHaveBeenCalledWith(1);
  });

  it('tells "not found" apart from "not now" (proxy.ts answers the anime 404 page)', async () => {
    getAnimeDetails.mockRejectedValue(new AppError('NOT_FOUND'));
    await expect(detailUnavailableFor(2)).resolves.toBeNull();
    await expect(detailStatus(2)).resolves.toBe('not-found');
    getAnimeDetails.mockRejectedValue(new AppError('INVALID_ID'));
    await expect(detailStatus(7)).resolves.toBe('not-found');
    getAnimeDetails.mockResolvedValue({ id: 8 });
    await expect(detailStatus(8)).resolves.toBe('ok');
    getAnimeDetails.mockRejectedValue(new AppError('UPSTREAM_TIMEOUT'));
    await expect(detailStatus(9)).resolves.toEqual({ retryAfterSeconds: DETAIL_RETRY_SECONDS });
  });

  it("answers a 429's Retry-After and remembers it without asking again", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    getAnimeDetails.mockRejectedValue(new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 7 }));
    await expect(detailUnavailableFor(3)).resolves.toBe(7);
    vi.advanceTimersByTime(2_500);
    await expect(detailUnavailableFor(3)).resolves.toBe(5);
    expect(getAnimeDetails).toHaveBeenCalledTimes(1);
    // After the wait, the database is asked again.
    vi.advanceTimersByTime(5_000);
    getAnimeDetails.mockResolvedValue({ id: 3 });
    await expect(detailUnavailableFor(3)).resolves.toBeNull();
    expect(getAnimeDetails).toHaveBeenCalledTimes(2);
  });

  it('waits a fixed time after other failures (timeout, 5xx, bad answer)', async () => {
    getAnimeDetails.mockRejectedValue(new AppError('UPSTREAM_TIMEOUT'));
    await expect(detailUnavailableFor(4)).resolves.toBe(DETAIL_RETRY_SECONDS);
    getAnimeDetails.mockRejectedValue(new Error('unexpected'));
    await expect(detailUnavailableFor(5)).resolves.toBe(DETAIL_RETRY_SECONDS);
  });

  it('never answers "not now" over a good page, and asks nothing then', async () => {
    rememberGoodListing('detail:6');
    getAnimeDetails.mockRejectedValue(new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: 60 }));
    await expect(detailUnavailableFor(6)).resolves.toBeNull();
    expect(getAnimeDetails).not.toHaveBeenCalled();
  });
});

describe('currentDetails', () => {
  it('hands the render the offline stand-in the check just got, without asking the database again', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const standIn = { id: 21, offline: true };
    getAnimeDetails.mockResolvedValue(standIn);
    await expect(detailStatus(21)).resolves.toBe('ok');
    await expect(currentDetails(21)).resolves.toBe(standIn);
    expect(getAnimeDetails).toHaveBeenCalledTimes(1);
    // Within the time a failure is believed, every request gets it at once; then the database is asked.
    vi.advanceTimersByTime(DETAIL_RETRY_SECONDS * 1000 - 1);
    await expect(currentDetails(21)).resolves.toBe(standIn);
    expect(getAnimeDetails).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    getAnimeDetails.mockResolvedValue({ id: 21 });
    await expect(currentDetails(21)).resolves.toEqual({ id: 21 });
    expect(getAnimeDetails).toHaveBeenCalledTimes(2);
  });

  it('asks the database each time for a record it gave (its own cache answers then)', async () => {
    getAnimeDetails.mockResolvedValue({ id: 1 });
    await currentDetails(1);
    await currentDetails(1);
    expect(getAnimeDetails).toHaveBeenCalledTimes(2);
  });

  it('passes failures on as they are', async () => {
    getAnimeDetails.mockRejectedValue(new AppError('NOT_FOUND'));
    await expect(currentDetails(2)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

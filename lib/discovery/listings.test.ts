import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnimePage } from '@/lib/jikan/types';
import { testAnime } from '@/lib/jikan/test-anime';

const stopgaps = new WeakSet<AnimePage>();
const page = (ids: number[], hasNextPage = false): AnimePage => ({
  data: ids.map((id) => testAnime({ id })),
  pagination: { page: 1, hasNextPage },
});
const stopgap = (): AnimePage => {
  const empty = page([]);
  stopgaps.add(empty);
  return empty;
};

const jikan = vi.hoisted(() => ({
  getTopAnime: vi.fn(),
  getSeasonNow: vi.fn(),
  getPopularAnime: vi.fn(),
  searchAnime: vi.fn(),
}));

vi.mock('@/lib/jikan', () => ({
  ...jikan,
  isStopgapPage: (value: AnimePage) => stopgaps.has(value),
  PAGE_SIZE: { search: 25, suggestions: 5, carousel: 10, explore: 20, max: 25 },
}));

const renderCache = vi.hoisted(() => ({ failedListing: vi.fn(), rememberGoodListing: vi.fn() }));
vi.mock('@/lib/server/render-cache', () => renderCache);

const { loadCarousel, loadExploreTab, loadSearchPage, VISITOR_ACCESS } = await import('./listings');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('offline catalogue answers', () => {
  it('are loaded but marked offline, and treated like a failure by the render cache', async () => {
    const offline: AnimePage = {
      ...page([20, 1735]),
      offline: true,
      season: { season: 'spring', year: 2026 },
    };
    jikan.getSeasonNow.mockResolvedValue(offline);
    await expect(loadCarousel('season')).resolves.toEqual({
      status: 'loaded',
      items: offline.data,
      hasNextPage: false,
      offline: true,
      season: { season: 'spring', year: 2026 },
      withheld: 0,
    });
    expect(renderCache.failedListing).toHaveBeenCalledWith('carousel:season');
    expect(renderCache.rememberGoodListing).not.toHaveBeenCalled();
  });

  it('carry how many records were withheld from the visitor', async () => {
    jikan.getSeasonNow.mockResolvedValue({ ...page([]), offline: true, withheld: 7 });
    await expect(loadCarousel('season')).resolves.toMatchObject({ status: 'loaded', items: [], withheld: 7 });
  });
});

describe('failed versus empty', () => {
  it('reports a stopgap page (the data layer swallowed a failure) as failed', async () => {
    jikan.getSeasonNow.mockResolvedValue(stopgap());
    await expect(loadCarousel('season')).resolves.toEqual({ status: 'failed' });
    expect(renderCache.failedListing).toHaveBeenCalledWith('carousel:season');
  });

  it('lets the render cache keep the last good page when a listing that loaded before fails', async () => {
    jikan.getSeasonNow.mockResolvedValueOnce(page([1])).mockResolvedValueOnce(stopgap());
    renderCache.failedListing.mockRejectedValueOnce(new Error('keep the last good page'));
    await loadCarousel('season');
    expect(renderCache.rememberGoodListing).toHaveBeenCalledWith('carousel:season');
    await expect(loadCarousel('season')).rejects.toThrow('keep the last good page');
  });

  it('reports a genuinely empty page as loaded with no items', async () => {
    jikan.getTopAnime.mockResolvedValue(page([]));
    await expect(loadCarousel('top')).resolves.toEqual({ status: 'loaded', items: [], hasNextPage: false });
  });

  it('passes items and has-next-page through', async () => {
    jikan.getPopularAnime.mockResolvedValue(page([1, 2], true));
    const result = await loadExploreTab('popular');
    expect(result).toMatchObject({ status: 'loaded', hasNextPage: true });
    expect(result.status === 'loaded' && result.items.map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('what each screen asks for', () => {
  it('carousels: page 1, 10 items, anonymous access', async () => {
    jikan.getSeasonNow.mockResolvedValue(page([]));
    jikan.getTopAnime.mockResolvedValue(page([]));
    await loadCarousel('season');
    await loadCarousel('top');
    expect(jikan.getSeasonNow).toHaveBeenCalledWith({ page: 1, limit: 10 }, VISITOR_ACCESS);
    expect(jikan.getTopAnime).toHaveBeenCalledWith({ page: 1, limit: 10 }, VISITOR_ACCESS);
    expect(VISITOR_ACCESS).toEqual({ adult: false });
  });

  it('explore: each tab its listing, page 1, 20 items', async () => {
    for (const fn of [jikan.getTopAnime, jikan.getSeasonNow, jikan.getPopularAnime])
      fn.mockResolvedValue(page([]));
    await loadExploreTab('top');
    await loadExploreTab('seasonal');
    await loadExploreTab('popular');
    expect(jikan.getTopAnime).toHaveBeenCalledWith({ page: 1, limit: 20 }, VISITOR_ACCESS);
    expect(jikan.getSeasonNow).toHaveBeenCalledWith({ page: 1, limit: 20 }, VISITOR_ACCESS);
    expect(jikan.getPopularAnime).toHaveBeenCalledWith({ page: 1, limit: 20 }, VISITOR_ACCESS);
  });

  it('search: 25 per page in the chosen sort', async () => {
    jikan.searchAnime.mockResolvedValue(page([]));
    await loadSearchPage({ q: 'naruto', sort: 'relevance' });
    await loadSearchPage({ q: 'naruto', sort: 'title', page: 3 });
    await loadSearchPage({ q: 'naruto', sort: 'score' });
    expect(jikan.searchAnime.mock.calls.map(([params]) => params)).toEqual([
      { q: 'naruto', page: 1, limit: 25, orderBy: 'popularity', sort: 'asc' },
      { q: 'naruto', page: 3, limit: 25, orderBy: 'title', sort: 'asc' },
      { q: 'naruto', page: 1, limit: 25, orderBy: 'score', sort: 'desc' },
    ]);
  });
});

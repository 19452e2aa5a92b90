// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageStatus } from '@/lib/firebase/age';
import type { AuthUser } from '@/lib/firebase/client';
import { testAnime } from '@/lib/jikan/test-anime';
import { useAuthStore } from '@/lib/stores/auth-store';
import { useAdultListing } from './use-adult-listing';

function user(birthday?: string): AuthUser {
  return {
    uid: `u-${birthday ?? 'none'}`,
    email: 'a@example.com',
    displayName: 'A',
    photoURL: null,
    providerData: [{ providerId: 'google.com' }],
    creationTime: null,
    facts: { birthday },
    adult: ageStatus({ birthday }).isUserAdult,
  };
}

const fullPage = {
  data: [testAnime({ id: 1 }), testAnime({ id: 99, rating: 'Rx - Hentai' })],
  pagination: { page: 1, hasNextPage: false },
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  fetchMock = vi.fn(async () => new Response(JSON.stringify(fullPage), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ getIdToken: async () => 'token' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useAdultListing', () => {
  it('keeps the rendered list (null) for a visitor and while sign-in is loading, without a call', async () => {
    const { result } = renderHook(() => useAdultListing('/api/anime/season', { page: 1 }));
    expect(result.current).toBeNull();
    act(() => useAuthStore.setState({ loading: false, user: null }));
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the rendered list for a minor', () => {
    useAuthStore.setState({ loading: false, user: user('2015-01-01') });
    const { result } = renderHook(() => useAdultListing('/api/anime/season', { page: 1 }));
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the full listing with the token for an adult, and drops it on sign-out', async () => {
    useAuthStore.setState({ loading: false, user: user('1990-01-01') });
    const { result } = renderHook(() => useAdultListing('/api/anime/season', { page: 1, limit: 10 }));
    await waitFor(() => expect(result.current?.map((anime) => anime.id)).toEqual([1, 99]));
    expect(fetchMock).toHaveBeenCalledWith('/api/anime/season?page=1&limit=10', {
      headers: { Accept: 'application/json', Authorization: 'Bearer token' },
      signal: expect.any(AbortSignal),
    });
    act(() => useAuthStore.setState({ user: null }));
    expect(result.current).toBeNull();
  });

  it('keeps the rendered list when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      new Response('{"error":{"code":"UPSTREAM_ERROR","message":"x"}}', { status: 502 }),
    );
    useAuthStore.setState({ loading: false, user: user('1990-01-01') });
    const { result } = renderHook(() => useAdultListing('/api/anime/top', {}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(result.current).toBeNull();
  });

  it('does nothing when disabled', () => {
    useAuthStore.setState({ loading: false, user: user('1990-01-01') });
    const { result } = renderHook(() => useAdultListing('/api/anime/top', {}, false));
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

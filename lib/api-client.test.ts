import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_REQUEST_HEADERS, REQUEST_PRIORITY_HEADER } from '@/lib/request-priority';
import { useAuthStore } from '@/lib/stores/auth-store';
import { ApiError, apiGet, apiUrl, isAbortError, retryAfter } from './api-client';

function respond(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUrl', () => {
  it('encodes params and drops empty ones', () => {
    expect(
      apiUrl('/api/anime/search', { q: 'one piece & co', page: 2, sort: undefined, order_by: '', x: null }),
    ).toBe('/api/anime/search?q=one+piece+%26+co&page=2');
    expect(apiUrl('/api/anime/top')).toBe('/api/anime/top');
  });
});

describe('apiGet', () => {
  it('answers the JSON body of a 2xx response', async () => {
    const fetchMock = respond(200, { data: [], pagination: { page: 1, hasNextPage: false } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/api/anime/suggest', { q: 'na' })).resolves.toEqual({
      data: [],
      pagination: { page: 1, hasNextPage: false },
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/anime/suggest?q=na',
      expect.objectContaining({ signal: undefined }),
    );
  });

  it('marks a background job’s request, and only that one', async () => {
    const fetchMock = respond(200, { data: [] });
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/api/anime/season', { page: 1 }, { background: true });
    await apiGet('/api/anime/season', { page: 1 });
    const sent = fetchMock.mock.calls.map(
      (call) => (call as unknown[])[1] as { headers: Record<string, string> },
    );
    expect(sent[0]!.headers).toMatchObject(BACKGROUND_REQUEST_HEADERS);
    expect(Object.keys(sent[1]!.headers)).not.toContain(REQUEST_PRIORITY_HEADER);
  });

  it('turns a route error body into an ApiError with its code and status', async () => {
    vi.stubGlobal(
      'fetch',
      respond(429, { error: { code: 'RATE_LIMITED', message: 'API temporariamente indisponível.' } }),
    );
    const error = await apiGet('/api/anime/search', { q: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'API temporariamente indisponível.',
    });
  });

  it("carries a refusal's Retry-After seconds, so the caller asks again when the budget refills", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', message: 'Espere.' } }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
          }),
      ),
    );
    await expect(apiGet('/api/anime/1/recommendations')).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
    });
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfter(' 12 ')).toBe(12);
  });

  it('copes with an error that has no JSON body', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad Gateway</html>'));
    await expect(apiGet('/api/anime/top')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 502 });
  });

  it('rejects a 2xx answer that is not JSON', async () => {
    vi.stubGlobal('fetch', respond(200, '{"data": ['));
    await expect(apiGet('/api/anime/top')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/api/anime/top')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('lets an abort through untouched, so callers can ignore it', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        init.signal?.throwIfAborted();
        return new Response('{}');
      }),
    );
    const error = await apiGet('/api/anime/top', {}, { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(isAbortError(error)).toBe(true);
  });
});

describe('apiGet and sign-in', () => {
  afterEach(() => {
    useAuthStore.setState({ getIdToken: original });
  });
  const original = useAuthStore.getState().getIdToken;

  it('sends the ID token as a Bearer header when someone is signed in', async () => {
    const fetchMock = respond(200, { data: [] });
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.setState({ getIdToken: async () => 'id.token.x' });
    await apiGet('/api/anime/season');
    expect(fetchMock).toHaveBeenCalledWith('/api/anime/season', {
      headers: { Accept: 'application/json', Authorization: 'Bearer id.token.x' },
      signal: undefined,
    });
  });

  it('asks as a visitor when there is no token or it cannot be had', async () => {
    const fetchMock = respond(200, { data: [] });
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.setState({ getIdToken: async () => null });
    await apiGet('/api/anime/season');
    useAuthStore.setState({ getIdToken: () => Promise.reject(new Error('offline')) });
    await apiGet('/api/anime/season');
    for (const call of fetchMock.mock.calls as unknown as [string, { headers: Record<string, string> }][]) {
      expect(call[1].headers).toEqual({ Accept: 'application/json' });
    }
  });
});

import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeControl } from '@/e2e/fake-upstream/client.mjs';
import { startFakeUpstream, type FakeUpstream } from '@/e2e/fake-upstream/server.mjs';
import type { TrackerPage } from '@/lib/tracker-import/types';
import { GET } from './route';
import { freshProcess } from '@/test/support/process';

let upstream: FakeUpstream;
let control: ReturnType<typeof fakeControl>;

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0 });
  control = fakeControl(upstream.url);
});
afterAll(() => upstream.close());

beforeEach(async () => {
  process.env.ANILIST_GRAPHQL_URL = `${upstream.url}/anilist`;
  process.env.KITSU_BASE_URL = `${upstream.url}/kitsu/api/edge`;
  process.env.CLIENT_MISS_PER_MINUTE = '0';
  freshProcess('env', 'client-budget', 'tracker-limiters');
  await control.reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of [
    'ANILIST_GRAPHQL_URL',
    'KITSU_BASE_URL',
    'CLIENT_MISS_BURST',
    'CLIENT_MISS_PER_MINUTE',
    'TRUSTED_PROXY_HOPS',
  ])
    delete process.env[name];
  freshProcess('env', 'client-budget');
});

const call = (service: string, query: string, headers: Record<string, string> = {}) =>
  GET(new NextRequest(`http://app.test/api/import/${service}?${query}`, { headers }), {
    params: Promise.resolve({ service }),
  });

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('GET /api/import/{service}', () => {
  it('answers one page of a public list, private and never stored, an adult title unnamed to a visitor', async () => {
    const response = await call('anilist', 'user=ani-fan');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { data } = (await response.json()) as { data: TrackerPage };
    expect(data).toMatchObject({ user: 'ani-fan', total: 8, next: null });
    expect(data.entries.find((entry) => entry.adult)?.title).toBeNull();

    const kitsu = (await (await call('kitsu', 'user=kitsu-big-700')).json()) as { data: TrackerPage };
    expect(kitsu.data.entries).toHaveLength(500);
    expect(kitsu.data.next).toMatch(/^\d+:500$/);
    const second = (await (await call('kitsu', `user=kitsu-big-700&cursor=${kitsu.data.next}`)).json()) as {
      data: TrackerPage;
    };
    expect(second.data).toMatchObject({ next: null, total: 700 });
    expect(second.data.entries).toHaveLength(200);
  });

  it('says an unknown user, a private list, a bad name or service apart', async () => {
    const unknown = await call('anilist', 'user=nobody-at-all');
    expect([unknown.status, await errorOf(unknown)]).toEqual([404, 'NOT_FOUND']);
    const hidden = await call('anilist', 'user=ani-private');
    expect([hidden.status, await errorOf(hidden)]).toEqual([403, 'PRIVATE_LIST']);
    const hiddenKitsu = await call('kitsu', 'user=kitsu-private');
    expect([hiddenKitsu.status, await errorOf(hiddenKitsu)]).toEqual([403, 'PRIVATE_LIST']);
    const noUser = await call('kitsu', 'user=%20');
    expect([noUser.status, await errorOf(noUser)]).toEqual([400, 'INVALID_INPUT']);
    const tooLong = await call('anilist', `user=${'a'.repeat(51)}`);
    expect(tooLong.status).toBe(400);
    expect((await call('myanimelist', 'user=x')).status).toBe(404);
    expect(await control.calls({ service: 'anilist' })).toHaveLength(2);
  });

  it("passes a tracker's 429 on with its Retry-After, and calls it no more until then", async () => {
    await control.setFault({ service: 'anilist', mode: '429', retryAfter: 30, times: 1 });
    const limited = await call('anilist', 'user=ani-fan');
    expect([limited.status, await errorOf(limited)]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.headers.get('retry-after')).toBe('30');
    const again = await call('anilist', 'user=ani-fan');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(await control.calls({ service: 'anilist' })).toHaveLength(1);
    // Kitsu is paced on its own.
    expect((await call('kitsu', 'user=kitsu-fan')).status).toBe(200);
  });

  it('stops calling AniList until the window resets once X-RateLimit-Remaining reaches 0', async () => {
    const answer = {
      data: { MediaListCollection: { user: { name: 'ani-fan' }, hasNextChunk: false, lists: [] } },
    };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(answer), {
          headers: { 'Content-Type': 'application/json', 'X-RateLimit-Remaining': '0' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      expect((await call('anilist', 'user=ani-fan')).status).toBe(200);
      const next = await call('anilist', 'user=ani-fan');
      expect([next.status, await errorOf(next)]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('answers a broken or failing tracker as INVALID_RESPONSE or UPSTREAM_ERROR', async () => {
    await control.setFault({ service: 'kitsu', mode: 'malformed', times: 1 });
    const broken = await call('kitsu', 'user=kitsu-fan');
    expect([broken.status, await errorOf(broken)]).toEqual([502, 'INVALID_RESPONSE']);
    await control.setFault({ service: 'anilist', mode: '503', times: 1 });
    const down = await call('anilist', 'user=ani-fan');
    expect([down.status, await errorOf(down)]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it("charges each tracker call to the client's budget: over it, 429 and no call", async () => {
    process.env.CLIENT_MISS_BURST = '1';
    process.env.CLIENT_MISS_PER_MINUTE = '1';
    process.env.TRUSTED_PROXY_HOPS = '1';
    freshProcess('env', 'client-budget');
    const from = { 'X-Forwarded-For': '203.0.113.9' };
    expect((await call('anilist', 'user=ani-fan', from)).status).toBe(200);
    const refused = await call('anilist', 'user=ani-fan', from);
    expect([refused.status, await errorOf(refused)]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await control.calls({ service: 'anilist' })).toHaveLength(1);
  });
});

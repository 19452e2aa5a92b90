import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshProcess } from '@/test/support/process';

// Next's cache as unstable_cache behaves for a fresh entry: the callback runs on a miss only, and
// what it throws is not kept.
const store = vi.hoisted(() => new Map<string, unknown>());
vi.mock('next/cache', () => ({
  unstable_cache: (fn: () => Promise<unknown>, keys: string[]) => async () => {
    const key = keys.join('|');
    if (!store.has(key)) store.set(key, await fn());
    return store.get(key);
  },
}));

const { serveCard, cardNotFound } = await import('./card-cache');

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const from = (client: string) =>
  new Request('http://app.test/api/card/pt/anime/1', { headers: { 'x-forwarded-for': client } });

beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
  store.clear();
  process.env.TRUSTED_PROXY_HOPS = '1';
  process.env.IMAGE_RENDER_BURST = '2';
  process.env.IMAGE_RENDER_PER_MINUTE = '4'; // one back every 15 s
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.TRUSTED_PROXY_HOPS;
  delete process.env.IMAGE_RENDER_BURST;
  delete process.env.IMAGE_RENDER_PER_MINUTE;
  freshProcess('env', 'image-budget');
});

describe('serveCard', () => {
  it('charges a render only: a cached card is served to its client over budget and to others', async () => {
    const render = vi.fn(async () => new Response(PNG, { headers: { 'Content-Type': 'image/png' } }));
    for (const card of ['1', '2']) {
      const answer = await serveCard(from('a'), ['anime', 'pt', card], render);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('cache-control')).toBe(
        'public, max-age=600, s-maxage=600, stale-while-revalidate=86400',
      );
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PNG);
    }
    // Spent: a new card is refused before it is drawn, and nothing is kept for it.
    const over = await serveCard(from('a'), ['anime', 'pt', '3'], render);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('15');
    expect(over.headers.get('cache-control')).toBe('no-store');
    expect(render).toHaveBeenCalledTimes(2);
    // Cards already drawn cost nothing, whoever asks.
    for (const client of ['a', 'a', 'b', 'c']) {
      const cached = await serveCard(from(client), ['anime', 'pt', '1'], render);
      expect(cached.status, client).toBe(200);
      expect(new Uint8Array(await cached.arrayBuffer())).toEqual(PNG);
    }
    expect(render).toHaveBeenCalledTimes(2);
    // Another client's budget is whole: it draws the refused card, which is then free for 'a'.
    expect((await serveCard(from('b'), ['anime', 'pt', '3'], render)).status).toBe(200);
    expect((await serveCard(from('a'), ['anime', 'pt', '3'], render)).status).toBe(200);
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('answers a card it could not draw with the render status, no-store, and keeps nothing', async () => {
    const render = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response(null, { status: 503, headers: { 'Retry-After': '30' } }))
      .mockResolvedValueOnce(new Response(PNG, { headers: { 'Content-Type': 'image/png' } }));
    const failed = await serveCard(from('a'), ['review', 'pt', '1', '5', '-'], render);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('30');
    expect(failed.headers.get('cache-control')).toBe('no-store');
    const drawn = await serveCard(from('a'), ['review', 'pt', '1', '5', '-'], render);
    expect(drawn.status).toBe(200);
  });

  it('is never charged when the budget is off', async () => {
    process.env.IMAGE_RENDER_PER_MINUTE = '0';
    const render = async () => new Response(PNG);
    for (let n = 0; n < 50; n++)
      expect((await serveCard(from('a'), ['anime', 'pt', String(n)], render)).status).toBe(200);
  });

  it('answers an address the app does not make 404, no-store', () => {
    const answer = cardNotFound();
    expect(answer.status).toBe(404);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

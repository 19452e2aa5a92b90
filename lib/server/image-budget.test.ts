import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeImageRender } from './image-budget';
import { freshProcess } from '@/test/support/process';

const from = (client: string) =>
  new Request('http://app.test/pt/review/1/5/-/opengraph-image', { headers: { 'x-forwarded-for': client } });

beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
  delete process.env.TRUSTED_PROXY_HOPS;
  delete process.env.IMAGE_RENDER_BURST;
  delete process.env.IMAGE_RENDER_PER_MINUTE;
  freshProcess('env', 'image-budget');
});

describe('takeImageRender', () => {
  it('grants the burst per client, then answers the seconds until a render comes back', async () => {
    // Behind one trusted proxy, clients are told apart by the address it appended.
    process.env.TRUSTED_PROXY_HOPS = '1';
    process.env.IMAGE_RENDER_BURST = '2';
    process.env.IMAGE_RENDER_PER_MINUTE = '4'; // one back every 15 s
    expect([await takeImageRender(from('a')), await takeImageRender(from('a'))]).toEqual([0, 0]);
    expect(await takeImageRender(from('a'))).toBe(15);
    expect(await takeImageRender(from('b'))).toBe(0);
    vi.advanceTimersByTime(15_000);
    expect(await takeImageRender(from('a'))).toBe(0);
    expect(await takeImageRender(from('a'))).toBe(15);
  });

  it('counts every client as one when no proxy is trusted: a forged address buys nothing', async () => {
    process.env.IMAGE_RENDER_BURST = '2';
    process.env.IMAGE_RENDER_PER_MINUTE = '4';
    expect([await takeImageRender(from('a')), await takeImageRender(from('b'))]).toEqual([0, 0]);
    expect(await takeImageRender(from('c'))).toBe(15);
  });

  it('is off at 0', async () => {
    process.env.IMAGE_RENDER_PER_MINUTE = '0';
    for (let n = 0; n < 100; n++) expect(await takeImageRender(from('a'))).toBe(0);
  });
});

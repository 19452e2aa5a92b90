import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnvForTests } from '@/lib/env';
import { resetImageBudgetForTests, takeImageRender } from './image-budget';

const from = (client: string) =>
  new Request('http://app.test/pt/review/1/5/-/opengraph-image', { headers: { 'x-forwarded-for': client } });

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  delete process.env.IMAGE_RENDER_BURST;
  delete process.env.IMAGE_RENDER_PER_MINUTE;
  resetServerEnvForTests();
  resetImageBudgetForTests();
});

describe('takeImageRender', () => {
  it('grants the burst per client, then answers the seconds until the next render', () => {
    // Behind one trusted proxy, clients are told apart by the address it appended.
    process.env.TRUSTED_PROXY_HOPS = '1';
    process.env.IMAGE_RENDER_BURST = '2';
    process.env.IMAGE_RENDER_PER_MINUTE = '4'; // one every 15 s
    const t0 = 5_000_000;
    expect([takeImageRender(from('a'), t0), takeImageRender(from('a'), t0)]).toEqual([0, 0]);
    expect(takeImageRender(from('a'), t0)).toBe(15);
    expect(takeImageRender(from('b'), t0)).toBe(0);
    expect(takeImageRender(from('a'), t0 + 15_000)).toBe(0);
  });

  it('counts every client as one when no proxy is trusted: a forged address buys nothing', () => {
    process.env.IMAGE_RENDER_BURST = '2';
    process.env.IMAGE_RENDER_PER_MINUTE = '4';
    const t0 = 5_000_000;
    expect([takeImageRender(from('a'), t0), takeImageRender(from('b'), t0)]).toEqual([0, 0]);
    expect(takeImageRender(from('c'), t0)).toBe(15);
  });

  it('is off at 0', () => {
    process.env.IMAGE_RENDER_PER_MINUTE = '0';
    for (let n = 0; n < 100; n++) expect(takeImageRender(from('a'))).toBe(0);
  });
});

/**
 * The last-good-page rule across instances, against a real redis-server: a good page rendered by
 * one instance is known to another that has never rendered it (a fresh instance during an
 * outage), so a failed regeneration there keeps the shared page. Skips when redis-server is not
 * installed.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { describeWithRedis } from '@/test/support/redis-suite';
import { freshProcess } from '@/test/support/process';

vi.mock('next/cache', () => ({ unstable_cache: (fn: () => Promise<unknown>) => fn }));

describeWithRedis('good pages are known to every instance (real redis-server)', (server) => {
  afterAll(async () => {
    freshProcess('redis');
    vi.unstubAllEnvs();
  });

  async function freshInstance() {
    vi.stubEnv('REDIS_URL', server.url);
    freshProcess('env');
    const renderCache = await import('./render-cache');
    // A process that has rendered nothing: its own memory is empty.
    freshProcess('render-cache');
    return renderCache;
  }

  it('a fresh instance keeps the page another rendered, and caches an error briefly for a listing none rendered', async () => {
    const first = await freshInstance();
    first.rememberGoodListing('detail:457');
    await vi.waitFor(async () => expect(await first.hasGoodListing('detail:457')).toBe(true));

    const fresh = await freshInstance();
    await vi.waitFor(async () =>
      expect(fresh.failedListing('detail:457')).rejects.toBeInstanceOf(fresh.KeepLastGoodPageError),
    );
    await expect(fresh.failedListing('detail:458')).resolves.toBeUndefined();
  });

  it('with Redis down, a listing no instance here rendered is an error cached briefly, never a crash', async () => {
    const renderCache = await freshInstance();
    await server.stop();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(renderCache.failedListing('detail:999')).resolves.toBeUndefined();
    await server.start();
  });
});

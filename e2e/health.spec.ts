import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { FAKE_URL } from './support';
import { freePort, startApp, stopProcess } from './discovery/private-stack';

/** /api/health: what a load balancer, start:edge and systemd probe. */

type Health = { status: string; database: { state: string }; redis: { state: string } };

test('answers 200 with no-store while the app can serve', async ({ request }) => {
  // The database opens on first use: ready once it answers.
  await expect.poll(async () => (await request.get('/api/health')).status(), { timeout: 30_000 }).toBe(200);
  const response = await request.get('/api/health');
  expect(response.headers()['cache-control']).toBe('no-store');
  const body = (await response.json()) as Health;
  expect(body).toMatchObject({ status: 'ok', database: { state: 'up' }, redis: { state: 'off' } });
});

test.describe('with the database down', () => {
  let app: { url: string; child: ChildProcess } | undefined;

  test.afterAll(async () => {
    if (app) await stopProcess(app.child);
  });

  test('answers 503 with no-store, naming the database', async () => {
    test.setTimeout(120_000);
    // A Postgres address nothing listens on: every connection is refused.
    const port = await freePort();
    app = await startApp(`${FAKE_URL}/jikan/v4`, {
      DATABASE_URL: `postgres://app:app@127.0.0.1:${port}/anime`,
    });
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Health;
    expect(body).toMatchObject({ status: 'unavailable', database: { state: 'down' } });
  });
});

import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { FAKE_URL } from './support';
import { startApp, stopProcess } from './discovery/private-stack';

/**
 * The server's log as an operator reads it (lib/server/log.ts): `next start` writes JSON lines to
 * stdout, and every line of an API request's work names the id the answer carries in X-Request-Id.
 */

interface LogLine {
  level: number;
  msg: string;
  component?: string;
  requestId?: string;
  [field: string]: unknown;
}

test.describe('the server log of the built server', () => {
  let app: { url: string; child: ChildProcess } | undefined;
  let stdout = '';

  /** The JSON lines written so far (any other line fails the test). */
  const lines = (): LogLine[] =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    app = await startApp(
      `${FAKE_URL}/jikan/v4`,
      // debug: the calls to the anime database are logged too.
      { LOG_LEVEL: 'debug', CACHE_TTL_MS: '1000' },
      { onStdout: (text) => (stdout += text) },
    );
  });

  test.afterAll(async () => {
    if (app) await stopProcess(app.child);
  });

  test("answers an API request's id, and logs its work as JSON lines naming it", async () => {
    const response = await fetch(`${app!.url}/api/anime/search?q=naruto`);
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(
        () =>
          lines()
            .filter((line) => line.requestId === id)
            .map((line) => line.msg),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(['anime database call', 'answered']));
    const call = lines().find((line) => line.requestId === id && line.msg === 'anime database call');
    expect(call).toMatchObject({ level: 20, component: 'jikan', path: '/anime', status: 200 });
    const answered = lines().find((line) => line.requestId === id && line.msg === 'answered');
    expect(answered).toMatchObject({ level: 30, method: 'GET', path: '/api/anime/search', status: 200 });
  });

  test("takes the edge's request id, and refuses a malformed one", async () => {
    const edgeId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const kept = await fetch(`${app!.url}/api/anime/1`, { headers: { 'X-Request-Id': edgeId } });
    expect(kept.headers.get('x-request-id')).toBe(edgeId);
    await expect
      .poll(() => lines().some((line) => line.requestId === edgeId && line.msg === 'answered'), {
        timeout: 10_000,
      })
      .toBe(true);

    const replaced = await fetch(`${app!.url}/api/anime/1`, {
      headers: { 'X-Request-Id': 'no spaces allowed' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(stdout).not.toContain('no spaces allowed');
  });
});

test('a bad LOG_LEVEL stops the server at start-up', async () => {
  test.setTimeout(180_000);
  await expect(startApp(`${FAKE_URL}/jikan/v4`, { LOG_LEVEL: 'verbose' })).rejects.toThrow(/exited with 1/);
});

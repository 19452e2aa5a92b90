import { expect, test } from '@playwright/test';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { createGoogleUser, idTokenFor } from '../auth-emulator/client';
import { nginxBinary, startEdgeStack, type EdgeStack } from './edge-stack';
import { rawRequest } from './http';

/**
 * A public profile (/u/{handle}) behind the shipped nginx: stored by the edge like every anonymous
 * page, and, once the owner changes it, the edge's next refresh gets the changed page (the render
 * cache was expired by tag at the change).
 */
test.skip(!nginxBinary(), 'nginx is not installed: npm test installs it (apt-get install nginx)');

let stack: EdgeStack;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // The private `next start` verifies the owner's tokens with the Auth emulator of this run.
  Object.assign(process.env, authServerEnv());
  stack = await startEdgeStack();
});

test.afterAll(async () => {
  await stack?.close();
});

test('a profile is cached at the edge and refreshed after the owner changes it', async () => {
  test.setTimeout(120_000);
  const sub = `profile-edge-${Date.now()}-${process.pid}`;
  const user = { sub, name: 'Borda', email: `${sub}@example.com`, birthday: '1990-01-01' };
  await createGoogleUser(user);
  const token = await idTokenFor(user);
  const handle = `borda-${String(Date.now()).slice(-8)}`;
  const save = async (displayName: string) => {
    const response = await fetch(`${stack.edgeUrl}/api/profile`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        handle,
        displayName,
        enabled: true,
        indexable: false,
        showRatings: true,
        showStats: true,
        lists: [],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  };
  await save('Borda Um');

  // Next marks the page shareable for 30 s.
  const direct = await fetch(`${stack.appUrl}/u/${handle}`);
  expect(direct.status).toBe(200);
  expect(direct.headers.get('cache-control')).toContain('s-maxage=30');

  const path = `/u/${handle}`;
  // The edge keeps it fresh for 1 s here instead of 30, so that the test sees it refreshed.
  stack.tap.freshSeconds = 1;
  const first = await rawRequest(stack.edgeUrl, 'GET', path);
  expect(first.status).toBe(200);
  expect(first.body).toContain('Borda Um');
  const again = await rawRequest(stack.edgeUrl, 'GET', path);
  expect(again.headers['x-cache-status']).toBe('HIT');
  expect(stack.tap.callsFor(path)).toHaveLength(1);

  await save('Borda Dois');
  // Once the edge's copy is stale, its refresh reaches Next, which renders the changed profile.
  await expect
    .poll(async () => (await rawRequest(stack.edgeUrl, 'GET', path)).body.includes('Borda Dois'), {
      timeout: 30_000,
    })
    .toBe(true);
  const refreshed = await rawRequest(stack.edgeUrl, 'GET', path);
  expect(refreshed.body).not.toContain('Borda Um');
});

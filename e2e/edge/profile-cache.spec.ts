import { expect, test } from '@playwright/test';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { createGoogleUser, idTokenFor } from '../auth-emulator/client';
import { nginxBinary, startEdgeStack, type EdgeStack } from './edge-stack';
import { rawRequest } from './http';

/**
 * A public profile (/u/{handle}) behind the shipped nginx: the edge keeps it one second and never
 * serves it stale, so a change (turned off, renamed, edited) is seen at once through the edge (the
 * render cache was expired by tag at the change). Another spelling of a handle redirects (308) to
 * the canonical one.
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

async function owner(name: string) {
  const sub = `profile-edge-${name}-${Date.now()}-${process.pid}`;
  const user = { sub, name: 'Borda', email: `${sub}@example.com`, birthday: '1990-01-01' };
  await createGoogleUser(user);
  const token = await idTokenFor(user);
  return async (handle: string, displayName: string, enabled = true) => {
    const response = await fetch(`${stack.edgeUrl}/api/profile`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        handle,
        displayName,
        enabled,
        indexable: false,
        showRatings: true,
        showStats: true,
        lists: [],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  };
}

test('a profile is kept one second at the edge, and a change is seen through it at once', async () => {
  test.setTimeout(120_000);
  const handle = `borda-${String(Date.now()).slice(-8)}`;
  const save = await owner('change');
  await save(handle, 'Borda Um');

  // Next marks the page shareable for 30 s; the edge keeps its own copy one second only.
  const direct = await fetch(`${stack.appUrl}/u/${handle}`);
  expect(direct.status).toBe(200);
  expect(direct.headers.get('cache-control')).toContain('s-maxage=30');

  const path = `/u/${handle}`;
  // A viral profile: twenty fans at once cost Next one render.
  const burst = await Promise.all(Array.from({ length: 20 }, () => rawRequest(stack.edgeUrl, 'GET', path)));
  for (const answer of burst) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Borda Um');
  }
  expect(stack.tap.callsFor(path)).toHaveLength(1);

  await save(handle, 'Borda Dois');
  const changed = Date.now();
  await expect
    .poll(async () => (await rawRequest(stack.edgeUrl, 'GET', path)).body.includes('Borda Dois'), {
      timeout: 10_000,
      intervals: [100],
    })
    .toBe(true);
  expect(Date.now() - changed).toBeLessThan(2000);
  const refreshed = await rawRequest(stack.edgeUrl, 'GET', path);
  expect(refreshed.body).not.toContain('Borda Um');
});

test('a profile turned off is gone through the edge once its one-second copy ends, never served stale', async () => {
  test.setTimeout(120_000);
  const handle = `apagado-${String(Date.now()).slice(-8)}`;
  const save = await owner('off');
  await save(handle, 'Perfil Aberto');
  const path = `/u/${handle}`;
  expect((await rawRequest(stack.edgeUrl, 'GET', path)).body).toContain('Perfil Aberto');

  await save(handle, 'Perfil Aberto', false);
  const turnedOff = Date.now();
  await expect
    .poll(async () => (await rawRequest(stack.edgeUrl, 'GET', path)).status, {
      timeout: 10_000,
      intervals: [100],
    })
    .toBe(404);
  // The edge keeps a copy for one second; then Next renders the 404 (its render was expired at
  // the change), which a loaded machine takes a second or more for.
  expect(Date.now() - turnedOff).toBeLessThan(4000);
  // Never again the old page, however often asked.
  for (let i = 0; i < 5; i += 1) {
    const answer = await rawRequest(stack.edgeUrl, 'GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('Perfil Aberto');
  }
});

test('a handle in another case redirects (308) to the canonical one, which a fan then sees', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const handle = `caixa_${String(Date.now()).slice(-8)}`;
  const save = await owner('case');
  await save(handle, 'Caixa Certa');
  const shouted = `/u/${handle.toUpperCase()}`;
  const answer = await rawRequest(stack.edgeUrl, 'GET', shouted);
  expect(answer.status).toBe(308);
  expect(answer.headers.location).toBe(`/u/${handle}`);
  // Through the browser: the address becomes the canonical one, and the profile shows.
  await page.goto(`${stack.edgeUrl}${shouted}`);
  await expect(page).toHaveURL(`${stack.edgeUrl}/u/${handle}`);
  await expect(page.getByText('Caixa Certa').first()).toBeVisible();
});

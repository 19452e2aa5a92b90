import { expect, test, type Page } from '@playwright/test';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { createGoogleUser, idTokenFor } from '../auth-emulator/client';
import { expectSynced, serverRatings, signIn, uniqueUser } from '../library/helpers';
import { seedStorage, snapshot } from '../personal/seed';
import { nginxBinary, startEdgeStack } from './edge-stack';

/**
 * Library sync through the shipped nginx configuration (deploy/nginx, rendered by scripts/edge.mjs
 * as `npm run start:edge` renders it): a big first sync fits its body bound for /api/library, and a
 * bound set lower than the app's pushes is met by splitting, without ever holding up pulls.
 */
test.skip(!nginxBinary(), 'nginx is not installed: npm test installs it (apt-get install nginx)');
test.describe.configure({ mode: 'default' });

/** The edge's `next start` verifies the Auth emulator's tokens (its database is its own: edge-stack.ts). */
async function startLibraryEdge(settings: Record<string, string> = {}) {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  Object.assign(process.env, authServerEnv());
  try {
    const stack = await startEdgeStack(settings);
    return { stack, close: () => stack.close() };
  } finally {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  }
}

/** `count` ratings saved on this device without an account, from anime id `first` on. */
function visitorRatings(first: number, count: number, opinion: (id: number) => string) {
  const seed: Record<string, unknown> = {};
  const entries: Record<number, unknown> = {};
  for (let id = first; id < first + count; id++) {
    seed[`animeRating_${id}`] = { rating: 1 + (id % 5), opinion: opinion(id) };
    entries[id] = { snapshot: snapshot(`Anime ${id}`), ratedAt: '2026-11-20T10:00:00.000Z' };
  }
  seed['anime-master-rating-entries'] = entries;
  return seed;
}

function libraryPushes(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname === '/api/library')
      statuses.push(response.status());
  });
  return statuses;
}

test.describe('through the shipped edge', () => {
  let edge: Awaited<ReturnType<typeof startLibraryEdge>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    edge = await startLibraryEdge();
  });
  test.afterAll(async () => {
    await edge?.close();
  });

  test('a first sync of 5,000 entries completes', async ({ browser }) => {
    test.setTimeout(300_000);
    const user = uniqueUser('Cinco Mil');
    await createGoogleUser(user);
    const context = await browser.newContext({ baseURL: edge.stack.edgeUrl });
    const page = await context.newPage();
    const pushes = libraryPushes(page);
    await seedStorage(
      page,
      visitorRatings(1, 5000, (id) => `Opinião sobre o anime ${id}, vista na TV.`),
      '/',
    );
    await signIn(page, user);
    const question = page.getByRole('alertdialog', {
      name: 'Juntar 5.000 avaliações e 0 itens de listas deste aparelho à sua conta?',
    });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await question.getByRole('button', { name: 'Juntar à minha conta' }).click();
    await expectSynced(page, 180_000);

    const keys = await serverRatings(user, edge.stack.edgeUrl);
    expect(keys).toHaveLength(5000);
    // Each push carried hundreds of entries (well over the 16 kB other routes accept), and nginx
    // let every one through.
    expect(pushes.length).toBeGreaterThanOrEqual(10);
    expect(pushes.every((status) => status === 200)).toBe(true);
    const posted = edge.stack.tap.calls.filter(
      (call) => call.method === 'POST' && call.url === '/api/library',
    );
    expect(Math.max(...posted.map((call) => Number(call.headers['content-length'])))).toBeGreaterThan(
      100_000,
    );
    await context.close();
  });
});

test.describe('behind an edge whose library bound is lower than the app’s', () => {
  let edge: Awaited<ReturnType<typeof startLibraryEdge>>;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    edge = await startLibraryEdge({ EDGE_LIBRARY_BODY_MAX: '4k' });
  });
  test.afterAll(async () => {
    await edge?.close();
  });

  test('refused batches are split, a change too large alone is set aside and shown, and pulls go on', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const user = uniqueUser('Limite Baixo');
    await createGoogleUser(user);
    const context = await browser.newContext({ baseURL: edge.stack.edgeUrl });
    const page = await context.newPage();
    const pushes = libraryPushes(page);
    const seed = visitorRatings(1, 60, (id) => `Uma opinião de tamanho médio sobre o anime número ${id}.`);
    seed.animeRating_930100 = { rating: 5, opinion: 'Longa. '.repeat(700) };
    await seedStorage(page, seed, '/');
    await signIn(page, user);
    const question = page.getByRole('alertdialog', {
      name: 'Juntar 61 avaliações e 0 itens de listas deste aparelho à sua conta?',
    });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await question.getByRole('button', { name: 'Juntar à minha conta' }).click();

    await expectSynced(page, 120_000);
    expect(pushes).toContain(413);
    const refused = page.getByTestId('sync-refused');
    await expect(refused).toContainText('1 alteração recusada pelo servidor');
    await expect(refused).toContainText('Anime #930100 — grande demais para enviar');
    const keys = await serverRatings(user, edge.stack.edgeUrl);
    expect(keys).toHaveLength(60);
    expect(keys).not.toContain('930100');

    // Another device of the same person rates an anime: this device still receives it.
    const token = await idTokenFor(user);
    const answer = await fetch(`${edge.stack.edgeUrl}/api/library`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        epoch: null,
        changes: [
          {
            kind: 'rating',
            key: '5114',
            hlc: `${Date.now()}-0000-othrdevc`,
            deleted: false,
            data: { rating: 5, opinion: 'Do outro aparelho.', ratedAt: null, snapshot: null },
          },
        ],
      }),
    });
    expect(answer.status).toBe(200);
    await page.goto('/my-ratings');
    await expect(page.getByText('Do outro aparelho.')).toBeVisible({ timeout: 45_000 });
    // The refused change is still listed, and was not sent again with every sync.
    const refusedSends = pushes.length;
    await expectSynced(page);
    await expect(page.getByTestId('sync-refused')).toContainText('1 alteração recusada pelo servidor');
    expect(pushes.length).toBe(refusedSends);
    await context.close();
  });
});

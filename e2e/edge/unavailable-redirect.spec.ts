import http from 'node:http';
import { expect, test } from '@playwright/test';
import { edgeStackForFile } from './edge-stack';

/**
 * The redirect of an anime page that cannot be had now to its 'Anime não disponível' answer (503,
 * docs/decisions/unavailable-503.md), as `next start` sends it and as the shipped nginx passes it
 * on: through nginx it carries one Location and `no-store`, is never stored, and the anime's page
 * is served once the database is back.
 */
test.describe.configure({ mode: 'serial' });

const stack = edgeStackForFile();

const RETRY_AFTER = 6;

interface RawHead {
  status: number;
  /** Every value of the header, in the order sent (repeated headers kept apart). */
  all(name: string): string[];
}

/** A GET whose repeated headers are kept apart (fetch joins them), body drained. */
function head(baseUrl: string, path: string): Promise<RawHead> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), (response) => {
      response.resume();
      response.on('end', () => {
        const raw = response.rawHeaders;
        resolve({
          status: response.statusCode ?? 0,
          all: (name) =>
            raw.flatMap((value, index) =>
              index % 2 === 1 && raw[index - 1]!.toLowerCase() === name ? [value] : [],
            ),
        });
      });
    });
    request.on('error', reject);
  });
}

// Anime of the fake's own catalogue: the offline catalogue does not know them, so nothing stands in.
const DIRECT_ID = 90107;
const EDGE_ID = 90104;

test('next start alone: the redirect names one address, kept one second by Next', async () => {
  const fault = await stack().fake.setFault({
    service: 'jikan',
    mode: '429',
    retryAfter: RETRY_AFTER,
    match: `/anime/${DIRECT_ID}`,
  });
  try {
    const target = new RegExp(`^/anime/${DIRECT_ID}/unavailable/\\d+$`);
    // A fresh render: Next 16 repeats its Location (the same value) on this one.
    const fresh = await head(stack().appUrl, `/anime/${DIRECT_ID}`);
    expect(fresh.status).toBe(307);
    const freshLocations = fresh.all('location');
    expect(freshLocations.length).toBeGreaterThanOrEqual(1);
    expect(freshLocations.length).toBeLessThanOrEqual(2);
    expect(new Set(freshLocations).size).toBe(1);
    expect(freshLocations[0]).toMatch(target);
    expect(fresh.all('cache-control')).toHaveLength(1);
    expect(fresh.all('cache-control')[0]).toMatch(/^s-maxage=1(?:,|$)/);

    // From Next's render cache: one Location.
    await expect
      .poll(async () => {
        const again = await head(stack().appUrl, `/anime/${DIRECT_ID}`);
        return again.all('x-nextjs-cache')[0] === 'HIT' ? again.all('location') : null;
      })
      .toEqual([expect.stringMatching(target)]);
  } finally {
    await stack().fake.clearFault(fault);
  }
});

test('through nginx: one Location, no-store, never stored, and the page itself once the database is back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fault = await stack().fake.setFault({
    service: 'jikan',
    mode: '429',
    retryAfter: RETRY_AFTER,
    match: `/anime/${EDGE_ID}`,
  });
  const path = `/anime/${EDGE_ID}`;
  const target = new RegExp(`^/anime/${EDGE_ID}/unavailable/\\d+$`);
  try {
    // The fresh render, then answers from Next's render cache: never from nginx's.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = stack().tap.callsFor(path).length;
      const answer = await head(stack().edgeUrl, path);
      expect(answer.status).toBe(307);
      expect(answer.all('location')).toEqual([expect.stringMatching(target)]);
      expect(answer.all('cache-control')).toEqual(['no-store']);
      expect(answer.all('x-cache-status')).not.toEqual(['HIT']);
      expect(stack().tap.callsFor(path).length).toBe(before + 1);
    }
    // A person is taken to the 503 answer.
    const response = await page.goto(`${stack().edgeUrl}${path}`);
    expect(response?.status()).toBe(503);
    await expect(page).toHaveURL(new RegExp(`/anime/${EDGE_ID}/unavailable/\\d+$`));
    await expect(page.getByRole('heading', { name: 'Anime não disponível' })).toBeVisible();
  } finally {
    await stack().fake.clearFault(fault);
  }

  // Once the Retry-After has passed, the anime's own page through the same edge, never a kept redirect.
  await expect(async () => {
    const again = await page.goto(`${stack().edgeUrl}${path}`);
    expect(again?.status()).toBe(200);
  }).toPass({ timeout: 40_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Kaze no Yuubinya' })).toBeVisible();
  // A good page keeps Next's own Cache-Control through nginx.
  const direct = await head(stack().appUrl, path);
  const edge = await head(stack().edgeUrl, path);
  expect(edge.status).toBe(200);
  expect(edge.all('cache-control')).toEqual(direct.all('cache-control'));
  expect(edge.all('location')).toEqual([]);
});

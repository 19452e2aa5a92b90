/**
 * Contract test: every real Jikan anime payload recorded in ../shared/jikan/recorded (responses
 * captured by public client libraries' test suites) must pass our schemas, and every record must
 * map to app types. The folder sits beside the repository, not in it: without it this test says
 * so and skips, so the suite still passes from a fresh clone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAnimeDetails } from './mappers';
import { jikanAnimeListResponseSchema, jikanAnimeResponseSchema, jikanAnimeSchema } from './schemas';

const RECORDED = path.resolve(__dirname, '../../../shared/jikan/recorded');
const present = fs.existsSync(RECORDED);

type Plan =
  | { kind: 'object'; file: string; body: unknown }
  | { kind: 'list'; file: string; body: unknown; items: unknown[] }
  | { kind: 'bare-list'; file: string; items: unknown[] }
  | { kind: 'skip'; file: string; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An anime record, as opposed to an episode, review, genre, character... entry. */
function looksLikeAnime(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.mal_id === 'number' &&
    'images' in value &&
    ('aired' in value || 'episodes' in value)
  );
}

function plan(file: string): Plan {
  if (file.startsWith('_')) {
    return {
      kind: 'skip',
      file,
      reason: file.includes('headers') ? 'recorded headers, not a body' : 'index/metadata file',
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(fs.readFileSync(path.join(RECORDED, file), 'utf8'));
  } catch {
    return { kind: 'skip', file, reason: 'not JSON' };
  }
  // Some projects stored the bare `data` array of a listing.
  if (Array.isArray(body)) {
    return body.length > 0 && body.every(looksLikeAnime)
      ? { kind: 'bare-list', file, items: body }
      : { kind: 'skip', file, reason: 'array of non-anime entries' };
  }
  if (!isObject(body)) return { kind: 'skip', file, reason: 'not an object' };
  if (!('data' in body)) {
    return 'error' in body || 'status' in body
      ? { kind: 'skip', file, reason: `failure/error body (status ${String(body.status)})` }
      : { kind: 'skip', file, reason: 'no data field' };
  }
  const data = body.data;
  if (Array.isArray(data)) {
    if (data.length > 0 && data.every(looksLikeAnime)) return { kind: 'list', file, body, items: data };
    return { kind: 'skip', file, reason: 'list of non-anime entries (episodes, reviews, news, genres, ...)' };
  }
  if (looksLikeAnime(data)) return { kind: 'object', file, body };
  return { kind: 'skip', file, reason: 'object that is not an anime record (episode, statistics, ...)' };
}

const plans = present
  ? fs
      .readdirSync(RECORDED)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map(plan)
  : [];
const skipped = plans.filter((p): p is Extract<Plan, { kind: 'skip' }> => p.kind === 'skip');
const checked = plans.filter((p) => p.kind !== 'skip');

function expectRecordMaps(record: unknown) {
  const parsed = jikanAnimeSchema.safeParse(record);
  expect(parsed.error?.issues ?? []).toEqual([]);
  if (!parsed.success) return;
  const details = toAnimeDetails(parsed.data);
  expect(details.id).toBe(parsed.data.mal_id);
  expect(Array.isArray(details.genres)).toBe(true);
}

describe.skipIf(!present)('Jikan schemas against recorded responses', () => {
  it('finds the recorded anime payloads', () => {
    console.info(
      `[contract] checked ${checked.length} files; skipped ${skipped.length}:\n` +
        skipped.map((s) => `  - ${s.file}: ${s.reason}`).join('\n'),
    );
    // Guards against a detection bug silently skipping everything.
    expect(checked.length).toBeGreaterThanOrEqual(40);
    expect(skipped.map((s) => s.file)).toEqual(expect.arrayContaining(['jikanpy__anime-failure.json']));
  });

  it.each(checked.map((p) => [p.file, p] as const))('%s', (_file, p) => {
    if (p.kind === 'object') {
      const parsed = jikanAnimeResponseSchema.safeParse(p.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expectRecordMaps((p.body as { data: unknown }).data);
    } else if (p.kind === 'list') {
      const parsed = jikanAnimeListResponseSchema.safeParse(p.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      p.items.forEach(expectRecordMaps);
    } else if (p.kind === 'bare-list') {
      p.items.forEach(expectRecordMaps);
    }
  });
});

describe.skipIf(present)('Jikan schemas against recorded responses', () => {
  it.skip('shared/jikan/recorded not found — contract test skipped', () => {
    console.warn(`shared/jikan/recorded not found — contract test skipped (looked in ${RECORDED})`);
  });
});

if (!present) console.warn(`shared/jikan/recorded not found — contract test skipped (looked in ${RECORDED})`);

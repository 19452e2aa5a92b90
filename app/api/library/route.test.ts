import { NextRequest } from 'next/server';
import type * as NextServer from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextHlc } from '@/lib/library/hlc';
import { libraryError } from '@/lib/library/route-helpers';
import { LibraryFullError } from '@/lib/library/store';
import { memoryDatabase } from '@/test/support/database';
import { freshProcess } from '@/test/support/process';
import { bearer } from '@/test/support/route-auth';

/** The work each answer hands to `after()`, run by the test once the answer is out. */
const afterWork = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof NextServer>()),
  after: (task: () => unknown) => void afterWork.push(task),
}));

async function runAfterWork() {
  for (const task of afterWork.splice(0)) await task();
}

vi.mock('@/lib/firebase/admin', () => import('@/test/support/route-auth'));

const { DELETE, GET, POST } = await import('./route');

const ORIGIN = 'http://app.test/api/library';
const database = memoryDatabase({ asAppDatabase: true });
beforeEach(async () => {
  await runAfterWork();
  freshProcess('library-budget');
});

function post(user: string | null, body: string, headers: Record<string, string> = {}) {
  return POST(
    new NextRequest(ORIGIN, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...(user ? bearer(user) : {}), ...headers },
    }),
  );
}

let clock: string | null = null;
function ratingChange(key: string, rating = 4, extra: Record<string, unknown> = {}) {
  clock = nextHlc(clock, Date.now(), 'testtest');
  return {
    kind: 'rating',
    key,
    hlc: clock,
    deleted: false,
    data: { rating, opinion: 'ok', ratedAt: null, snapshot: null, ...extra },
  };
}

async function rowCount(): Promise<number> {
  const row = await database()
    .db.selectFrom('library_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function pull(user: string, since = 0) {
  const response = await GET(new NextRequest(`${ORIGIN}?since=${since}`, { headers: bearer(user) }));
  return {
    response,
    body: (await response.json()) as { entries: { key: string }[]; version: number; epoch: string },
  };
}

describe('/api/library', () => {
  it('pushes and pulls a user’s changes, privately', async () => {
    const pushed = await post('alice', JSON.stringify({ epoch: null, changes: [ratingChange('21')] }));
    expect(pushed.status).toBe(200);
    expect(pushed.headers.get('cache-control')).toBe('private, no-store');
    const { response, body } = await pull('alice');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(body.entries.map((entry) => entry.key)).toEqual(['21']);
    expect((await pull('mallory')).body.entries).toEqual([]);
  });

  it('hands the tombstone compaction to after(): the answer does not wait for it', async () => {
    await runAfterWork();
    const pushed = await post('erin', JSON.stringify({ epoch: null, changes: [ratingChange('41')] }));
    expect(pushed.status).toBe(200);
    expect(afterWork).toHaveLength(1);
    await runAfterWork();
    expect(afterWork).toHaveLength(0);
    expect((await post(null, JSON.stringify({ epoch: null, changes: [] }))).status).toBe(401);
    expect(afterWork).toHaveLength(0);
  });

  it('refuses a visitor or a forged token with 401, writing nothing', async () => {
    const before = await rowCount();
    const forgeries: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer forged' },
      { 'X-User-Id': 'alice' },
    ];
    for (const headers of forgeries) {
      const response = await POST(
        new NextRequest(ORIGIN, {
          method: 'POST',
          headers,
          body: JSON.stringify({ epoch: null, changes: [ratingChange('22')] }),
        }),
      );
      expect(response.status).toBe(401);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await GET(new NextRequest(ORIGIN))).status).toBe(401);
    expect((await DELETE(new NextRequest(ORIGIN, { method: 'DELETE' }))).status).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  it('answers every hostile body with a clear 4xx and leaves the database unchanged', async () => {
    const before = await rowCount();
    const nested = '['.repeat(200_000) + ']'.repeat(200_000);
    const deepData = JSON.stringify({
      epoch: null,
      changes: [{ ...ratingChange('23'), data: JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)) }],
    });
    const cases: [string, string, number][] = [
      [
        'another user’s id',
        JSON.stringify({ epoch: null, userId: 'bob', changes: [ratingChange('24')] }),
        400,
      ],
      [
        'a user id inside a change',
        JSON.stringify({ epoch: null, changes: [{ ...ratingChange('24'), user_id: 'bob' }] }),
        400,
      ],
      ['__proto__ keys', `{"epoch":null,"__proto__":{"admin":true},"changes":[]}`, 400],
      [
        '__proto__ in data',
        JSON.stringify({ epoch: null, changes: [ratingChange('25')] }).replace(
          '"rating":4',
          '"__proto__":{"x":1},"rating":4',
        ),
        400,
      ],
      [
        '10,000 entries',
        JSON.stringify({
          epoch: null,
          changes: Array.from({ length: 10_000 }, (_, index) => ratingChange(String(index + 1))),
        }),
        413,
      ],
      ['deeply nested JSON', nested, 400],
      ['deeply nested data', deepData, 400],
      ['oversized', JSON.stringify({ epoch: null, changes: [], pad: 'x'.repeat(3 * 1024 * 1024) }), 413],
      ['not JSON', '{"epoch":', 400],
      [
        'a too long opinion',
        JSON.stringify({ epoch: null, changes: [ratingChange('26', 3, { opinion: 'x'.repeat(5001) })] }),
        400,
      ],
      ['a rating of 6', JSON.stringify({ epoch: null, changes: [ratingChange('27', 6)] }), 400],
      ['a bad anime id', JSON.stringify({ epoch: null, changes: [ratingChange('0')] }), 400],
      [
        'a stamp from the far future',
        JSON.stringify({
          epoch: null,
          changes: [{ ...ratingChange('28'), hlc: '9999999999999-0000-aaaaaaaa' }],
        }),
        400,
      ],
      [
        'one bad change among good ones',
        JSON.stringify({ epoch: null, changes: [ratingChange('29'), ratingChange('30', 9)] }),
        400,
      ],
    ];
    for (const [name, body, status] of cases) {
      const response = await post('alice', body);
      // The 10,000-entry body is over the byte bound; a smaller 10,000 would get 400 (count bound).
      expect([status, 400, 413], name).toContain(response.status);
      const answer = (await response.json()) as { error?: { message?: string } };
      expect(answer.error?.message, name).toBeTruthy();
    }
    expect(await rowCount()).toBe(before);
  }, 60_000);

  it('refuses a stamp far ahead with CLOCK_AHEAD and the server’s time, so the device stamps it again', async () => {
    const response = await post(
      'alice',
      JSON.stringify({
        epoch: null,
        changes: [{ ...ratingChange('33'), hlc: '9999999999999-0000-aaaaaaaa' }],
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string }; serverTime: number };
    expect(body.error.code).toBe('CLOCK_AHEAD');
    expect(Math.abs(body.serverTime - Date.now())).toBeLessThan(60_000);
    const { body: pulled } = await pull('alice');
    expect((pulled as { generation?: string }).generation).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses more than the allowed number of changes even in a small body', async () => {
    const changes = Array.from({ length: 1001 }, () => ({
      kind: 'prefs',
      key: 'notifications',
      hlc: '1',
      deleted: true,
      data: null,
    }));
    const response = await post('alice', JSON.stringify({ epoch: null, changes }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('1000');
  });

  it('delete erases the user’s rows and tombstones only; an old epoch then gets 409', async () => {
    await post(
      'carol',
      JSON.stringify({
        epoch: null,
        changes: [ratingChange('31'), { ...ratingChange('32'), deleted: true, data: null }],
      }),
    );
    const { body: before } = await pull('carol');
    expect(before.entries).toHaveLength(2);
    const aliceBefore = (await pull('alice')).body.entries.length;
    const deleted = await DELETE(new NextRequest(ORIGIN, { method: 'DELETE', headers: bearer('carol') }));
    expect(deleted.status).toBe(200);
    expect((await pull('carol')).body.entries).toEqual([]);
    expect((await pull('alice')).body.entries).toHaveLength(aliceBefore);
    const stale = await post('carol', JSON.stringify({ epoch: before.epoch, changes: [ratingChange('31')] }));
    expect(stale.status).toBe(409);
    expect((await pull('carol')).body.entries).toEqual([]);
  });

  it('paces each user: a burst, then 429 with Retry-After', async () => {
    let last = 200;
    for (let index = 0; index < 70 && last !== 429; index++) last = (await pull('dave')).response.status;
    expect(last).toBe(429);
    const response = await GET(new NextRequest(ORIGIN, { headers: bearer('dave') }));
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await pull('erin')).response.status).toBe(200);
  });

  it('answers a push past the bound of entries 422, naming the bound, privately', async () => {
    const response = libraryError(new LibraryFullError(50_000));
    expect(response.status).toBe(422);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as { error: { code: string; message: string }; limit: number };
    expect(body.error.code).toBe('LIBRARY_FULL');
    expect(body.error.message).toContain('50.000 itens');
    expect(body.limit).toBe(50_000);
  });
});

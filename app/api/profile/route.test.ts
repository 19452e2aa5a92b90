import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '@/test/support/database';
import { freshProcess } from '@/test/support/process';
import { bearer } from '@/test/support/route-auth';

vi.mock('@/lib/firebase/admin', () => import('@/test/support/route-auth'));

const revalidated = vi.hoisted(() => ({ tags: [] as string[], paths: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string) => revalidated.tags.push(tag),
  revalidatePath: (path: string) => revalidated.paths.push(path),
  unstable_cache: (fn: () => unknown) => fn,
}));

const { DELETE, GET, PUT } = await import('./route');
const library = await import('../library/route');

const ORIGIN = 'http://app.test/api/profile';
const database = memoryDatabase({ asAppDatabase: true });
beforeEach(() => {
  freshProcess('library-budget');
  revalidated.tags.length = 0;
  revalidated.paths.length = 0;
});

const valid = {
  handle: 'Fan_One',
  displayName: 'Ana',
  enabled: true,
  indexable: false,
  showRatings: true,
  showStats: true,
  lists: ['COMPLETED'],
};

function put(user: string | null, body: string) {
  return PUT(
    new NextRequest(ORIGIN, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': 'application/json', ...(user ? bearer(user) : {}) },
    }),
  );
}

async function rows() {
  return database().db.selectFrom('profiles').selectAll().orderBy('user_id').execute();
}

describe('/api/profile', () => {
  it('creates, reads and renames a profile, privately, expiring the cached pages', async () => {
    const created = await put('alice', JSON.stringify(valid));
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    expect(revalidated.tags).toEqual(['profile:fan_one']);
    const read = await GET(new NextRequest(ORIGIN, { headers: bearer('alice') }));
    expect(await read.json()).toEqual({ profile: { ...valid } });
    const renamed = await put('alice', JSON.stringify({ ...valid, handle: 'Fan_Two' }));
    expect(renamed.status).toBe(200);
    expect(revalidated.tags).toContain('profile:fan_one');
    expect(revalidated.tags).toContain('profile:fan_two');
    expect(revalidated.paths).toContain('/pt/u/fan_one');
  });

  it('answers 409 for a handle another fan holds, in any case', async () => {
    const before = await rows();
    const taken = await put('bob', JSON.stringify({ ...valid, handle: 'FAN_TWO' }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { problem: string }).problem).toBe('taken');
    expect(await rows()).toEqual(before);
  });

  it('refuses hostile input with a 4xx and leaves the database unchanged', async () => {
    const before = await rows();
    const cases: [string, number][] = [
      [JSON.stringify({ ...valid, handle: 'аdmin' }), 400], // Cyrillic а
      [JSON.stringify({ ...valid, handle: 'ｆａｎ＿ｏｎｅ' }), 400],
      [JSON.stringify({ ...valid, handle: 'fan\u200bone' }), 400],
      [JSON.stringify({ ...valid, handle: 'admin' }), 400],
      [JSON.stringify({ ...valid, handle: 'x'.repeat(31) }), 400],
      [JSON.stringify({ ...valid, handle: 'x'.repeat(3000) }), 400],
      [JSON.stringify({ ...valid, displayName: '<img src=x onerror=alert(1)>' }), 400],
      [JSON.stringify({ ...valid, displayName: 'n'.repeat(51) }), 400],
      [JSON.stringify({ ...valid, displayName: 'Ana\u202e' }), 400],
      [JSON.stringify({ ...valid, lists: ['COMPLETED', 'SECRET'] }), 400],
      [JSON.stringify({ ...valid, userId: 'bob' }), 400],
      [JSON.stringify({ ...valid, enabled: 'yes' }), 400],
      ['{"handle": ', 400],
      ['[]', 400],
      ['null', 400],
      [JSON.stringify({ ...valid, displayName: 'x'.repeat(10_000) }), 413],
    ];
    for (const [body, status] of cases) {
      const response = await put('alice', body);
      expect(response.status, body.slice(0, 60)).toBe(status);
    }
    expect(await put(null, JSON.stringify(valid)).then((r) => r.status)).toBe(401);
    expect(await rows()).toEqual(before);
  });

  it('deletes the profile, and deleting the synced data deletes it too', async () => {
    expect(
      (await DELETE(new NextRequest(ORIGIN, { method: 'DELETE', headers: bearer('alice') }))).status,
    ).toBe(200);
    expect(revalidated.tags).toContain('profile:fan_two');
    expect(revalidated.tags).toContain('profile:fan_one');
    expect(await rows()).toEqual([]);
    await put('carol', JSON.stringify({ ...valid, handle: 'carol' }));
    const erased = await library.DELETE(
      new NextRequest('http://app.test/api/library', { method: 'DELETE', headers: bearer('carol') }),
    );
    expect(erased.status).toBe(200);
    expect(await rows()).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import { databaseGeneration, renewDatabaseGeneration } from '@/lib/db/generation';
import { describeOnBothEngines } from '@/test/support/postgres-suite';
import type { Change, RatingData } from './protocol';
import { sql } from 'kysely';
import {
  compactTombstones,
  countLiveEntries,
  deleteLibrary,
  EpochChangedError,
  LibraryFullError,
  pullChanges,
  pushChanges,
} from './store';

/** The server store against the embedded PGlite and against a real Postgres (a throwaway cluster). */

const rating = (value: number, opinion = ''): RatingData => ({
  rating: value,
  opinion,
  ratedAt: null,
  snapshot: null,
});
const stamp = (wall: number, node = 'aaaaaaaa') => `${String(wall).padStart(13, '0')}-0000-${node}`;
const change = (key: string, wall: number, data: RatingData | null, node?: string): Change => ({
  kind: 'rating',
  key,
  hlc: stamp(wall, node),
  deleted: data === null,
  data,
});

describeOnBothEngines('library store', (database) => {
  it('keeps the later change of an entry, whatever order the pushes arrive in', async () => {
    const { db } = database;
    await pushChanges(db, 'u-order', { epoch: null, changes: [change('1', 2000, rating(5, 'newer'))] });
    const late = await pushChanges(db, 'u-order', {
      epoch: null,
      changes: [change('1', 1000, rating(1, 'older'))],
    });
    expect(late.applied).toBe(0);
    const { entries } = await pullChanges(db, 'u-order', 0);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.data).toMatchObject({ rating: 5, opinion: 'newer' });
  });

  it('a replayed push changes nothing and assigns no visible change', async () => {
    const { db } = database;
    const body = { epoch: null, changes: [change('7', 5000, rating(3)), change('8', 5001, null)] };
    const first = await pushChanges(db, 'u-replay', body);
    expect(first.applied).toBe(2);
    const before = await pullChanges(db, 'u-replay', 0);
    const second = await pushChanges(db, 'u-replay', body);
    expect(second.applied).toBe(0);
    const after = await pullChanges(db, 'u-replay', before.version);
    expect(after.entries).toEqual([]);
    expect((await pullChanges(db, 'u-replay', 0)).entries.map((entry) => entry.version)).toEqual(
      before.entries.map((entry) => entry.version),
    );
  });

  it('a removal stays as a tombstone that an older edit cannot undo', async () => {
    const { db } = database;
    await pushChanges(db, 'u-tomb', { epoch: null, changes: [change('3', 1000, rating(4))] });
    await pushChanges(db, 'u-tomb', { epoch: null, changes: [change('3', 3000, null, 'bbbbbbbb')] });
    await pushChanges(db, 'u-tomb', { epoch: null, changes: [change('3', 2000, rating(2))] });
    const { entries } = await pullChanges(db, 'u-tomb', 0);
    expect(entries).toEqual([expect.objectContaining({ key: '3', deleted: true, data: null })]);
  });

  it('pulls only what changed after the cursor, in pages', async () => {
    const { db } = database;
    const changes = Array.from({ length: 25 }, (_, index) =>
      change(String(index + 1), 1000 + index, rating(index % 6)),
    );
    await pushChanges(db, 'u-page', { epoch: null, changes });
    const first = await pullChanges(db, 'u-page', 0, 10);
    expect(first.entries).toHaveLength(10);
    expect(first.more).toBe(true);
    const second = await pullChanges(db, 'u-page', first.version, 10);
    const third = await pullChanges(db, 'u-page', second.version, 10);
    expect(third.more).toBe(false);
    expect([...first.entries, ...second.entries, ...third.entries].map((entry) => entry.key).sort()).toEqual(
      changes.map((entry) => entry.key).sort(),
    );
    const nothing = await pullChanges(db, 'u-page', third.version);
    expect(nothing.entries).toEqual([]);
  });

  it('one user never reads or overwrites another user’s rows', async () => {
    const { db } = database;
    await pushChanges(db, 'u-alice', { epoch: null, changes: [change('42', 1000, rating(5, 'alice'))] });
    await pushChanges(db, 'u-bob', { epoch: null, changes: [change('42', 9000, rating(1, 'bob'))] });
    const alice = await pullChanges(db, 'u-alice', 0);
    expect(alice.entries).toEqual([
      expect.objectContaining({ key: '42', data: expect.objectContaining({ opinion: 'alice' }) }),
    ]);
    const bob = await pullChanges(db, 'u-bob', 0);
    expect(bob.entries.map((entry) => (entry.data as RatingData).opinion)).toEqual(['bob']);
  });

  it('deleting the synced data removes rows and tombstones and refuses pushes of the old epoch', async () => {
    const { db } = database;
    const start = await pullChanges(db, 'u-delete', 0);
    await pushChanges(db, 'u-delete', {
      epoch: start.epoch,
      changes: [change('5', 1000, rating(3)), change('6', 1001, null)],
    });
    const { deleted, epoch } = await deleteLibrary(db, 'u-delete');
    expect(deleted).toBe(2);
    expect(epoch).not.toBe(start.epoch);
    expect((await pullChanges(db, 'u-delete', 0)).entries).toEqual([]);
    await expect(
      pushChanges(db, 'u-delete', { epoch: start.epoch, changes: [change('5', 2000, rating(3))] }),
    ).rejects.toBeInstanceOf(EpochChangedError);
    expect((await pullChanges(db, 'u-delete', 0)).entries).toEqual([]);
    expect((await pullChanges(db, 'u-other-untouched', 0)).entries).toEqual([]);
  });

  it('concurrent pushes of one user get distinct versions and lose nothing', async () => {
    const { db } = database;
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pushChanges(db, 'u-concurrent', {
          epoch: null,
          changes: [change(String(100 + index), 1000 + index, rating(2))],
        }),
      ),
    );
    const { entries } = await pullChanges(db, 'u-concurrent', 0);
    expect(entries).toHaveLength(8);
    expect(new Set(entries.map((entry) => entry.version)).size).toBe(8);
  });

  it('past the bound of live entries, refuses only the changes that add entries beyond it', async () => {
    const { db } = database;
    const bound = { maxEntries: 3 };
    await pushChanges(
      db,
      'u-full',
      { epoch: null, changes: [change('1', 1000, rating(1)), change('2', 1000, rating(2))] },
      bound,
    );
    const refused = pushChanges(
      db,
      'u-full',
      {
        epoch: null,
        changes: [change('3', 2000, rating(3)), change('4', 2000, rating(4)), change('1', 2000, rating(5))],
      },
      bound,
    );
    await expect(refused).rejects.toBeInstanceOf(LibraryFullError);
    await expect(refused).rejects.toThrow(/limite de 3 itens/);
    const error = (await refused.catch((caught: unknown) => caught)) as LibraryFullError;
    expect(error.refused).toEqual(['rating:4']);
    expect(error.answer?.applied).toBe(2);
    // The edit of 1 and the new 3 (room for one) were kept; 4 was not.
    const keys = async () =>
      (await pullChanges(db, 'u-full', 0)).entries
        .map((entry) => `${entry.key}${entry.deleted ? '†' : ''}`)
        .sort();
    expect(await keys()).toEqual(['1', '2', '3']);
    expect(
      (await pullChanges(db, 'u-full', 0)).entries.find((entry) => entry.key === '1')?.data,
    ).toMatchObject({
      rating: 5,
    });
    // Full: a removal and an edit always go; a removal and a new entry in one push fit.
    await pushChanges(db, 'u-full', { epoch: null, changes: [change('1', 3000, rating(2))] }, bound);
    await pushChanges(
      db,
      'u-full',
      { epoch: null, changes: [change('4', 4000, rating(4)), change('2', 4000, null)] },
      bound,
    );
    expect(await keys()).toEqual(['1', '2†', '3', '4']);
    expect(await countLiveEntries(db, 'u-full')).toBe(3);
    // An older add of a removed entry loses to its tombstone: no room needed, nothing refused.
    await pushChanges(db, 'u-full', { epoch: null, changes: [change('2', 3500, rating(2))] }, bound);
    expect(await keys()).toEqual(['1', '2†', '3', '4']);
    // The default bound is 50,000.
    expect(new LibraryFullError(50_000).message).toContain('50.000');
  });

  it('names the database generation in every answer, and a renewed one after a restore', async () => {
    const { db } = database;
    const pushed = await pushChanges(db, 'u-gen', { epoch: null, changes: [change('1', 1000, rating(3))] });
    const pulled = await pullChanges(db, 'u-gen', 0);
    expect(pushed.generation).toBe(await databaseGeneration(db));
    expect(pulled.generation).toBe(pushed.generation);
    const renewed = await renewDatabaseGeneration(db);
    expect((await pullChanges(db, 'u-gen', 0)).generation).toBe(renewed);
    const stale = pushChanges(db, 'u-gen', { epoch: 'not-the-epoch', changes: [] });
    await expect(stale).rejects.toMatchObject({ generation: renewed });
  });

  it('compacts only tombstones older than their lifetime, of that user only', async () => {
    const { db } = database;
    for (const user of ['u-compact', 'u-compact-other']) {
      await pushChanges(db, user, {
        epoch: null,
        changes: [change('1', 1000, rating(4)), change('2', 1000, null), change('3', 1000, null)],
      });
    }
    // Tombstone 2 was written 100 days ago; 3 just now.
    await db
      .updateTable('library_entries')
      .set({ updated_at: sql`now() - interval '100 days'` })
      .where('entry_key', '=', '2')
      .where('user_id', 'in', ['u-compact', 'u-compact-other'])
      .execute();
    expect(await compactTombstones(db, 'u-compact')).toBe(1);
    const keys = async (user: string) =>
      (await pullChanges(db, user, 0)).entries
        .map((entry) => `${entry.key}${entry.deleted ? '†' : ''}`)
        .sort();
    expect(await keys('u-compact')).toEqual(['1', '3†']);
    expect(await keys('u-compact-other')).toEqual(['1', '2†', '3†']);
    // A live entry is never compacted, however old.
    await db
      .updateTable('library_entries')
      .set({ updated_at: sql`now() - interval '400 days'` })
      .where('user_id', '=', 'u-compact')
      .execute();
    expect(await compactTombstones(db, 'u-compact')).toBe(1);
    expect(await keys('u-compact')).toEqual(['1']);
  });
});

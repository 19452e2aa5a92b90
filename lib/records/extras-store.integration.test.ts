import { expect, it } from 'vitest';
import { describeOnBothEngines } from '@/test/support/postgres-suite';
import { MAX_EXTRA_BYTES, readExtra, readExtras, saveExtra } from './extras-store';

/** The store of characters, staff and recommendations against the embedded PGlite and a real Postgres. */

const at = (iso: string) => new Date(iso);

describeOnBothEngines('anime extras store', (database) => {
  it('keeps one row per anime and kind, and reads it back with its fetch time', async () => {
    await saveExtra(database.db, 457, 'characters', [{ name: 'Ginko' }], at('2026-11-20T10:00:00Z'));
    await saveExtra(database.db, 457, 'recommendations', [{ id: 1, votes: 3 }], at('2026-11-20T11:00:00Z'));
    const characters = await readExtra(database.db, 457, 'characters');
    expect(characters).toMatchObject({ id: 457, kind: 'characters', data: [{ name: 'Ginko' }] });
    expect(characters?.fetchedAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(await readExtra(database.db, 457, 'recommendations')).toMatchObject({
      data: [{ id: 1, votes: 3 }],
    });
    expect(await readExtra(database.db, 457, 'staff')).toBeNull();
    expect(await readExtra(database.db, 458, 'characters')).toBeNull();
  });

  it('a later fetch replaces the row; an earlier one arriving late does not', async () => {
    await saveExtra(database.db, 20, 'staff', ['second'], at('2026-11-22T10:00:00Z'));
    await saveExtra(database.db, 20, 'staff', ['first'], at('2026-11-21T10:00:00Z'));
    expect((await readExtra(database.db, 20, 'staff'))?.data).toEqual(['second']);
    await saveExtra(database.db, 20, 'staff', ['third'], at('2026-11-23T10:00:00Z'));
    expect((await readExtra(database.db, 20, 'staff'))?.data).toEqual(['third']);
  });

  it('reads several anime of one kind in one query', async () => {
    await saveExtra(database.db, 30, 'recommendations', [30], at('2026-11-20T10:00:00Z'));
    await saveExtra(database.db, 31, 'recommendations', [31], at('2026-11-20T10:00:00Z'));
    await saveExtra(database.db, 31, 'characters', ['not this kind'], at('2026-11-20T10:00:00Z'));
    const found = await readExtras<number[]>(database.db, [30, 31, 32, 31], 'recommendations');
    expect([...found.keys()].sort()).toEqual([30, 31]);
    expect(found.get(31)?.data).toEqual([31]);
    expect((await readExtras(database.db, [], 'recommendations')).size).toBe(0);
  });

  it('refuses data over its bound and keeps the row it had', async () => {
    await saveExtra(database.db, 40, 'characters', ['kept'], at('2026-11-20T10:00:00Z'));
    const huge = ['x'.repeat(MAX_EXTRA_BYTES)];
    await expect(saveExtra(database.db, 40, 'characters', huge, at('2026-11-21T10:00:00Z'))).rejects.toThrow(
      /over/,
    );
    expect((await readExtra(database.db, 40, 'characters'))?.data).toEqual(['kept']);
  });

  it('reads what it wrote after a restart', async () => {
    await saveExtra(database.db, 50, 'characters', ['restart'], at('2026-11-20T10:00:00Z'));
    await database.restart();
    expect((await readExtra(database.db, 50, 'characters'))?.data).toEqual(['restart']);
  }, 60_000);
});

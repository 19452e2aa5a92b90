import { beforeAll, describe, expect, it } from 'vitest';
import { deleteLibrary, pushChanges } from '@/lib/library/store';
import type { Change } from '@/lib/library/protocol';
import { saveRecords } from '@/lib/records/store';
import type { Anime } from '@/lib/jikan/types';
import {
  deleteProfile,
  HandleTakenError,
  indexableHandles,
  lookupProfile,
  ownProfile,
  saveProfile,
} from './store';
import type { ProfileSettings } from './view';
import { memoryDatabase } from '@/test/support/database';

/** The profiles table and the profile query, on the embedded PGlite. */

const settings = (handle: string, extra: Partial<ProfileSettings> = {}): ProfileSettings => ({
  handle,
  displayName: null,
  enabled: true,
  indexable: false,
  showRatings: true,
  showStats: true,
  lists: ['COMPLETED'],
  ...extra,
});

let wall = 1_700_000_000_000;
const stamp = () => `${String((wall += 1)).padStart(13, '0')}-0000-aaaaaaaa`;
const rating = (key: string, stars: number, opinion = ''): Change => ({
  kind: 'rating',
  key,
  hlc: stamp(),
  deleted: false,
  data: { rating: stars, opinion, ratedAt: null, snapshot: null },
});
const listed = (key: string, list: string): Change => ({
  kind: 'list',
  key,
  hlc: stamp(),
  deleted: false,
  data: { list, progress: 0, startedAt: null, finishedAt: null, snapshot: null } as Change['data'],
});

function record(id: number, title: string, extra: Partial<Anime> = {}): Anime {
  return {
    id,
    title,
    titleEnglish: null,
    titleJapanese: null,
    synopsis: null,
    images: { cover: `https://cdn.example/${id}.jpg`, small: null },
    genres: ['Action'],
    rating: 'PG-13 - Teens 13 or older',
    ...extra,
  } as unknown as Anime;
}

describe('profiles on PGlite', () => {
  const database = memoryDatabase();
  beforeAll(async () => {
    await saveRecords(
      database().db,
      'full',
      [
        record(1, 'Safe One'),
        record(2, 'Safe Two'),
        record(3, 'Adult Rx', { rating: 'Rx - Hentai', genres: ['Hentai'] }),
        record(4, 'Ecchi Genre', { genres: ['Ecchi'] }),
        record(5, 'Watching Secret'),
      ],
      new Date(),
    );
  });

  it('shows only public lists, withholds adult and unknown records, computes stats', async () => {
    const { db } = database();
    await pushChanges(db, 'owner', {
      epoch: null,
      changes: [
        rating('1', 5, '<b>great</b>'),
        rating('2', 3),
        rating('3', 5, 'adult'),
        rating('4', 4),
        rating('77', 4, 'never stored'),
        listed('1', 'COMPLETED'),
        listed('3', 'COMPLETED'),
        listed('5', 'WATCHING'),
        // Dismissed suggestions are synced too, and never part of a profile.
        {
          kind: 'dismissal',
          key: '2',
          hlc: stamp(),
          deleted: false,
          data: { at: '2025-06-15T12:00:00.000Z' },
        },
        {
          kind: 'dismissal',
          key: '6',
          hlc: stamp(),
          deleted: false,
          data: { at: '2025-06-15T12:00:00.000Z' },
        },
      ],
    });
    await saveProfile(db, 'owner', settings('Fan_One'));
    const found = await lookupProfile(db, 'fan_one');
    expect(found.kind).toBe('profile');
    if (found.kind !== 'profile') return;
    const { profile } = found;
    expect(profile.name).toBe('Fan_One');
    expect(profile.lists).toEqual([
      // The count is the whole list's; the adult title is not shown.
      { list: 'COMPLETED', count: 2, entries: [expect.objectContaining({ id: 1, title: 'Safe One' })] },
    ]);
    expect(profile.ratings?.map((r) => [r.id, r.rating, r.opinion])).toEqual([
      [2, 3, ''],
      [1, 5, '<b>great</b>'],
    ]);
    expect(profile.stats).toEqual({
      lists: [{ list: 'COMPLETED', count: 2 }],
      rated: 5,
      mean: 4.2,
      distribution: [0, 0, 1, 2, 2],
    });
    expect(JSON.stringify(profile)).not.toContain('Watching Secret');
    expect(JSON.stringify(profile)).not.toContain('Adult Rx');
    expect(JSON.stringify(profile)).not.toContain('Ecchi Genre');
    expect(JSON.stringify(profile)).not.toContain('owner');
    expect(JSON.stringify(profile)).not.toContain('2025-06-15');
  });

  it('hides ratings when private, yet counts them in public statistics', async () => {
    const { db } = database();
    await saveProfile(db, 'owner', settings('Fan_One', { showRatings: false, lists: [] }));
    const found = await lookupProfile(db, 'FAN_ONE');
    if (found.kind !== 'profile') throw new Error('expected a profile');
    expect(found.profile.ratings).toBeNull();
    expect(found.profile.compare).toBeNull();
    expect(found.profile.lists).toEqual([]);
    expect(found.profile.stats?.rated).toBe(5);
  });

  it('refuses a handle another fan holds in any case, and one still leading to another profile', async () => {
    const { db } = database();
    await expect(saveProfile(db, 'other', settings('fan_ONE'))).rejects.toBeInstanceOf(HandleTakenError);
    await saveProfile(db, 'owner', settings('Renamed'));
    // The old handle leads to the new one, and nobody else may take it for 30 days.
    expect(await lookupProfile(db, 'fan_one')).toEqual({ kind: 'redirect', handle: 'Renamed' });
    await expect(saveProfile(db, 'other', settings('Fan_One'))).rejects.toBeInstanceOf(HandleTakenError);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await lookupProfile(db, 'fan_one', later)).toEqual({ kind: 'none' });
    await saveProfile(db, 'other', settings('Fan_One'), later);
    expect((await ownProfile(db, 'other'))?.handle).toBe('Fan_One');
  });

  it('keeps one old handle per fan: fifty renames hold no more than the last one', async () => {
    const { db } = database();
    for (let i = 0; i < 50; i += 1) await saveProfile(db, 'hoarder', settings(`hoard_${i}`));
    await saveProfile(db, 'hoarder', settings('hoard_final'));
    // The last old handle still leads to the profile; the forty-nine before it are free at once.
    expect(await lookupProfile(db, 'hoard_49')).toEqual({ kind: 'redirect', handle: 'hoard_final' });
    expect(await lookupProfile(db, 'hoard_0')).toEqual({ kind: 'none' });
    await saveProfile(db, 'other-fan', settings('hoard_0'));
    expect((await ownProfile(db, 'other-fan'))?.handle).toBe('hoard_0');
    await expect(saveProfile(db, 'other-fan', settings('hoard_49'))).rejects.toBeInstanceOf(HandleTakenError);
  });

  it('a profile turned off answers nothing; deleting the synced data deletes it', async () => {
    const { db } = database();
    await saveProfile(db, 'owner', settings('Renamed', { enabled: false }));
    expect(await lookupProfile(db, 'renamed')).toEqual({ kind: 'none' });
    await saveProfile(db, 'owner', settings('Renamed', { indexable: true }));
    expect(await indexableHandles(db)).toEqual(['Renamed']);
    await deleteLibrary(db, 'owner');
    expect(await deleteProfile(db, 'owner')).toContain('Renamed');
    expect(await ownProfile(db, 'owner')).toBeNull();
    expect(await lookupProfile(db, 'renamed')).toEqual({ kind: 'none' });
  });

  it('reads a 50,000-entry library’s profile in one indexed query', async () => {
    const { db } = database();
    const ids = Array.from({ length: 25_000 }, (_, i) => 100_000 + i);
    for (let start = 0; start < ids.length; start += 1000) {
      await saveRecords(
        db,
        'listing',
        ids.slice(start, start + 1000).map((id) => record(id, `Anime ${id}`)),
        new Date(),
      );
    }
    // 25,000 ratings and 25,000 list entries, and another fan's library beside it.
    for (const user of ['big', 'neighbour']) {
      for (let start = 0; start < ids.length; start += 1000) {
        const chunk = ids.slice(start, start + 1000);
        await pushChanges(db, user, {
          epoch: null,
          changes: chunk.map((id) => rating(String(id), (id % 5) + 1, 'ok')),
        });
        await pushChanges(db, user, {
          epoch: null,
          changes: chunk.map((id) => listed(String(id), 'COMPLETED')),
        });
      }
    }
    await saveProfile(db, 'big', settings('big-library', { lists: ['COMPLETED', 'WATCHING'] }));
    await lookupProfile(db, 'big-library');
    const times: number[] = [];
    for (let run = 0; run < 7; run += 1) {
      const started = performance.now();
      const found = await lookupProfile(db, 'big-library');
      times.push(performance.now() - started);
      if (found.kind !== 'profile') throw new Error('expected a profile');
      expect(found.profile.stats?.rated).toBe(25_000);
      expect(found.profile.lists.find((l) => l.list === 'COMPLETED')?.count).toBe(25_000);
    }
    times.sort((a, b) => a - b);
    const [fastest] = times;
    console.log(
      `[profile] 50,000-entry library: render query ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    // The fastest of seven: the query's own cost, with the least of what other processes take of
    // the CPU. Alone on a shared 2-core machine it is about 120 ms; the bound leaves room for a
    // busy machine and still fails without the indexes (1.5–2.6 s).
    expect(fastest).toBeLessThan(400);
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import { MAX_DISMISSED } from '@/lib/stores/dismissed-store';
import { emptyLists } from '@/lib/stores/lists-store';
import { DEFAULT_PREFERENCES } from '@/lib/stores/notifications-store';
import { compareHlc, formatHlc, nextHlc, parseHlc } from './hlc';
import type { Change, RatingData, RemoteEntry } from './protocol';
import {
  acknowledge,
  applyRemote,
  applyWrites,
  batches,
  dropVanished,
  emptySyncState,
  extractLocal,
  fingerprint,
  libraryCounts,
  pendingAsEntries,
  recordLocalChanges,
  resendAll,
  restampAhead,
  restartState,
  retryRefused,
  sanitizeSyncState,
  setAside,
  splitForFullLibrary,
  wireChange,
  type PendingChange,
  type LocalLibrary,
  type SyncState,
} from './sync-core';

/** The server's rule (lib/library/store.ts), in memory: keep a change only if its stamp is later. */
class MemoryServer {
  version = 0;
  rows = new Map<string, RemoteEntry>();
  push(changes: Change[]): number {
    let applied = 0;
    for (const change of changes) {
      const id = `${change.kind}:${change.key}`;
      this.version++;
      const current = this.rows.get(id);
      if (current && current.hlc >= change.hlc) continue;
      this.rows.set(id, { ...change, version: this.version });
      applied++;
    }
    return applied;
  }
  pull(since: number): RemoteEntry[] {
    return [...this.rows.values()].filter((row) => row.version > since).sort((a, b) => a.version - b.version);
  }
}

/** One browser: its stores, its sync state and its own (possibly wrong) clock. */
class Device {
  library: LocalLibrary = {
    ratings: { ratings: {}, entries: {} },
    lists: { lists: emptyLists(), entries: {} },
    prefs: { ...DEFAULT_PREFERENCES },
    dismissed: {},
  };
  state: SyncState = emptySyncState();
  constructor(
    readonly node: string,
    private readonly server: MemoryServer,
    public skewMs = 0,
    public time = 1_750_000_000_000,
  ) {}
  now() {
    return this.time + this.skewMs;
  }
  rate(id: number, rating: number, opinion = '') {
    this.library = {
      ...this.library,
      ratings: {
        ratings: { ...this.library.ratings.ratings, [id]: { rating, opinion } },
        entries: {
          ...this.library.ratings.entries,
          [id]: { snapshot: null, ratedAt: new Date(this.now()).toISOString() },
        },
      },
    };
    this.record();
  }
  unrate(id: number) {
    const ratings = { ...this.library.ratings.ratings };
    delete ratings[id];
    this.library = { ...this.library, ratings: { ratings, entries: this.library.ratings.entries } };
    this.record();
  }
  record() {
    this.state = recordLocalChanges(this.state, extractLocal(this.library), this.now(), this.node).state;
  }
  push() {
    const sent = Object.values(this.state.pending);
    const applied = this.server.push(sent.map(wireChange));
    this.state = acknowledge(this.state, sent);
    return applied;
  }
  pull(firstSync = false) {
    const result = applyRemote(this.state, extractLocal(this.library), this.server.pull(this.state.cursor), {
      firstSync,
    });
    this.state = result.state;
    this.library = applyWrites(this.library, result.writes);
  }
  sync() {
    this.push();
    this.pull();
  }
  rating(id: number) {
    return this.library.ratings.ratings[id];
  }
  dismiss(id: number) {
    this.library = {
      ...this.library,
      dismissed: { ...this.library.dismissed, [id]: new Date(this.now()).toISOString() },
    };
    this.record();
  }
  undoDismissal(id: number) {
    const dismissed = { ...this.library.dismissed };
    delete dismissed[id];
    this.library = { ...this.library, dismissed };
    this.record();
  }
}

describe('hybrid logical clock', () => {
  it('orders stamps as strings and never goes backwards', () => {
    const first = nextHlc(null, 5000, 'aaaaaaaa');
    const second = nextHlc(first, 1000, 'aaaaaaaa');
    expect(compareHlc(second, first)).toBe(1);
    expect(parseHlc(second)).toEqual({ wall: 5000, counter: 1, node: 'aaaaaaaa' });
    expect(
      compareHlc(
        formatHlc({ wall: 10, counter: 0, node: 'a0000000' }),
        formatHlc({ wall: 9, counter: 99, node: 'z0000000' }),
      ),
    ).toBe(1);
  });
});

describe('merging devices', () => {
  it('skewed clocks: an edit made after seeing another wins, though its device clock is hours behind', () => {
    const server = new MemoryServer();
    const fast = new Device('fastfast', server, +3 * 3600_000);
    const slow = new Device('slowslow', server, -3 * 3600_000);
    fast.rate(1, 2, 'first');
    fast.sync();
    slow.pull();
    expect(slow.rating(1)).toEqual({ rating: 2, opinion: 'first' });
    slow.time += 1000;
    slow.rate(1, 5, 'second, later');
    slow.sync();
    fast.pull();
    expect(fast.rating(1)).toEqual({ rating: 5, opinion: 'second, later' });
    expect(slow.rating(1)).toEqual({ rating: 5, opinion: 'second, later' });
  });

  it('a removal racing an edit: the later one wins on both devices, and a stale copy does not come back', () => {
    const server = new MemoryServer();
    const a = new Device('aaaaaaaa', server);
    const b = new Device('bbbbbbbb', server);
    a.rate(7, 3);
    a.sync();
    b.pull();
    // Both act before seeing each other: A removes at t+1 s, B edits at t+2 s.
    a.time += 1000;
    b.time += 2000;
    a.unrate(7);
    b.rate(7, 4, 'edited');
    a.sync();
    b.sync();
    a.pull();
    expect(a.rating(7)).toEqual({ rating: 4, opinion: 'edited' });
    expect(b.rating(7)).toEqual({ rating: 4, opinion: 'edited' });

    // Now the removal is the later one: it wins, and B's old copy is not pushed back.
    a.time += 5000;
    a.unrate(7);
    a.sync();
    b.record();
    b.sync();
    expect(b.rating(7)).toBeUndefined();
    expect(server.rows.get('rating:7')).toMatchObject({ deleted: true });
    expect(b.state.pending).toEqual({});
  });

  it('the same entry edited on two offline devices: the later edit wins whichever comes back first', () => {
    for (const order of ['later first', 'earlier first'] as const) {
      const server = new MemoryServer();
      const a = new Device('aaaaaaaa', server);
      const b = new Device('bbbbbbbb', server);
      a.rate(9, 1);
      a.sync();
      b.pull();
      a.time += 10_000;
      b.time += 20_000;
      a.rate(9, 2, 'offline A');
      b.rate(9, 5, 'offline B, later');
      if (order === 'later first') {
        b.sync();
        a.sync();
      } else {
        a.sync();
        b.sync();
      }
      a.pull();
      b.pull();
      expect(a.rating(9), order).toEqual({ rating: 5, opinion: 'offline B, later' });
      expect(b.rating(9), order).toEqual({ rating: 5, opinion: 'offline B, later' });
    }
  });

  it('replaying a push twice changes nothing the second time', () => {
    const server = new MemoryServer();
    const a = new Device('aaaaaaaa', server);
    a.rate(3, 4);
    const pending = Object.values(a.state.pending);
    const sent = pending.map(wireChange);
    expect(server.push(sent)).toBe(sent.length);
    const rows = JSON.stringify([...server.rows.values()]);
    expect(server.push(sent)).toBe(0);
    expect(JSON.stringify([...server.rows.values()])).toBe(rows);
    a.state = acknowledge(acknowledge(a.state, pending), pending);
    a.pull();
    expect(a.state.pending).toEqual({});
    expect(a.rating(3)).toEqual({ rating: 4, opinion: '' });
  });

  it('a pulled change is not recorded as a local one (another tab, the same shadow)', () => {
    const server = new MemoryServer();
    const a = new Device('aaaaaaaa', server);
    const b = new Device('bbbbbbbb', server);
    a.rate(11, 3);
    a.sync();
    b.pull();
    b.record();
    expect(b.state.pending).toEqual({});
  });

  it('first sync merges both sides: local-only entries are kept and pushed, the account’s arrive', () => {
    const server = new MemoryServer();
    const phone = new Device('phonepho', server);
    phone.rate(1, 5, 'from the phone');
    phone.rate(2, 3, 'both, rated earlier on the phone');
    phone.sync();
    const laptop = new Device('laptopla', server);
    laptop.time += 60_000;
    laptop.rate(3, 4, 'laptop only');
    laptop.rate(2, 1, 'both, rated later on the laptop');
    // Before signing in: the laptop's entries are local only (no sync state yet).
    laptop.state = { ...emptySyncState(), clock: null };
    laptop.pull(true);
    laptop.record();
    laptop.push();
    phone.pull();
    for (const device of [phone, laptop]) {
      expect(device.rating(1)).toEqual({ rating: 5, opinion: 'from the phone' });
      expect(device.rating(2)).toEqual({ rating: 1, opinion: 'both, rated later on the laptop' });
      expect(device.rating(3)).toEqual({ rating: 4, opinion: 'laptop only' });
    }
  });

  it('records a removal as a tombstone and a new entry as a change, but not a snapshot refresh', () => {
    const server = new MemoryServer();
    const a = new Device('aaaaaaaa', server);
    a.rate(5, 2);
    a.sync();
    const withSnapshot = {
      ...a.library,
      ratings: {
        ratings: a.library.ratings.ratings,
        entries: {
          5: {
            ratedAt: a.library.ratings.entries[5]!.ratedAt,
            snapshot: {
              title: 'T',
              titleEnglish: null,
              image: null,
              type: null,
              episodes: 12,
              score: 8,
              takenAt: new Date().toISOString(),
            },
          },
        },
      },
    };
    a.library = withSnapshot;
    a.record();
    expect(a.state.pending).toEqual({});
    a.unrate(5);
    expect(Object.values(a.state.pending)).toEqual([
      expect.objectContaining({ key: '5', deleted: true, data: null }),
    ]);
  });
});

describe('dismissed suggestions', () => {
  it('a dismissal is an entry keyed by the anime id, and undoing it a tombstone', () => {
    const server = new MemoryServer();
    const a = new Device('aaaaaaaa', server);
    a.dismiss(1535);
    const change = a.state.pending['dismissal:1535']!;
    expect(change).toMatchObject({ kind: 'dismissal', key: '1535', deleted: false });
    expect(change.data).toEqual({ at: new Date(a.now()).toISOString() });
    a.sync();
    expect(server.rows.get('dismissal:1535')).toMatchObject({
      deleted: false,
      data: { at: change.data && (change.data as { at: string }).at },
    });
    a.time += 1000;
    a.undoDismissal(1535);
    expect(Object.values(a.state.pending)).toEqual([
      expect.objectContaining({ kind: 'dismissal', key: '1535', deleted: true, data: null }),
    ]);
    a.sync();
    expect(server.rows.get('dismissal:1535')).toMatchObject({ deleted: true, data: null });
  });

  it('a dismissal made on one device reaches the other, and so does its undo', () => {
    const server = new MemoryServer();
    const phone = new Device('aaaaaaaa', server);
    const laptop = new Device('bbbbbbbb', server);
    phone.dismiss(30);
    phone.dismiss(31);
    phone.sync();
    laptop.sync();
    expect(Object.keys(laptop.library.dismissed).sort()).toEqual(['30', '31']);
    expect(laptop.library.dismissed[30]).toBe(phone.library.dismissed[30]);
    // Written in by a pull, it is not recorded back as the laptop's own change.
    laptop.record();
    expect(laptop.state.pending).toEqual({});

    laptop.time += 5000;
    laptop.undoDismissal(30);
    laptop.sync();
    phone.sync();
    expect(Object.keys(phone.library.dismissed)).toEqual(['31']);
  });

  it('applyWrites keeps the store’s bound and drops dates it cannot read', () => {
    const library = new Device('aaaaaaaa', new MemoryServer()).library;
    const entry = (key: string, at: unknown): RemoteEntry => ({
      kind: 'dismissal',
      key,
      hlc: '1750000000000-0000-aaaaaaaa',
      deleted: false,
      data: { at } as never,
      version: 1,
    });
    const written = applyWrites({ ...library, dismissed: { 7: '2025-01-01T00:00:00.000Z' } }, [
      entry('8', '2025-02-01T00:00:00.000Z'),
      entry('7', 'not a date'),
      { ...entry('9', null), deleted: true, data: null },
    ]);
    expect(written.dismissed).toEqual({ 8: '2025-02-01T00:00:00.000Z' });
    // Ratings, lists and preferences are untouched.
    expect(written.ratings).toBe(library.ratings);
    expect(written.lists).toBe(library.lists);
    const many = Array.from({ length: MAX_DISMISSED + 5 }, (_, index) =>
      entry(String(index + 1), new Date(1_750_000_000_000 + index * 1000).toISOString()),
    );
    const bounded = applyWrites(library, many).dismissed;
    expect(Object.keys(bounded)).toHaveLength(MAX_DISMISSED);
    // The oldest are the ones forgotten.
    expect(bounded[1]).toBeUndefined();
    expect(bounded[MAX_DISMISSED + 5]).toBeDefined();
  });

  it('dismissals are not counted as ratings or lists, and survive stored sync state', () => {
    const library: LocalLibrary = {
      ...new Device('aaaaaaaa', new MemoryServer()).library,
      dismissed: { 5: '2025-01-01T00:00:00.000Z' },
    };
    expect(libraryCounts(extractLocal(library))).toEqual({ ratings: 0, lists: 0 });
    const state = recordLocalChanges(
      { ...emptySyncState(), epoch: 'e1' },
      extractLocal(library),
      1_750_000_000_000,
      'aaaaaaaa',
    ).state;
    expect(Object.keys(state.pending).sort()).toEqual(['dismissal:5', 'prefs:notifications']);
    expect(sanitizeSyncState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

describe('helpers', () => {
  it('fingerprints ignore the display snapshot and key order', () => {
    const data: RatingData = { rating: 3, opinion: 'x', ratedAt: null, snapshot: null };
    expect(fingerprint('rating', data)).toBe(
      fingerprint('rating', { snapshot: { title: 't' } as never, ratedAt: null, opinion: 'x', rating: 3 }),
    );
    expect(fingerprint('rating', data)).not.toBe(fingerprint('rating', { ...data, rating: 4 }));
  });

  it('splits pending changes into bounded batches, oldest first', () => {
    const state = emptySyncState();
    let clock: string | null = null;
    for (let index = 1; index <= 25; index++) {
      clock = nextHlc(clock, 1000, 'aaaaaaaa');
      state.pending[`rating:${index}`] = {
        kind: 'rating',
        key: String(index),
        hlc: clock,
        deleted: true,
        data: null,
        f: null,
      };
    }
    const parts = batches(state.pending, 10, 1_000_000);
    expect(parts.map((part) => part.length)).toEqual([10, 10, 5]);
    expect(parts[0]![0]!.key).toBe('1');
  });

  it('reads garbage sync state as a fresh start, dropping foreign keys', () => {
    expect(sanitizeSyncState('nope')).toEqual(emptySyncState());
    const parsed = sanitizeSyncState(
      JSON.parse(
        '{"cursor":4,"shadow":{"__proto__":{"h":"x"},"rating:1":{"h":"0000000001000-0000-aaaaaaaa","f":"abc"},"evil":{"h":"0000000001000-0000-aaaaaaaa","f":null}},"pending":{"rating:2":{"kind":"list","key":"2","hlc":"0000000001000-0000-aaaaaaaa","deleted":true}}}',
      ),
    );
    expect(parsed.cursor).toBe(4);
    expect(Object.keys(parsed.shadow)).toEqual(['rating:1']);
    expect(parsed.pending).toEqual({});
    expect(Object.getPrototypeOf(parsed.shadow)).toBe(Object.prototype);
  });
});

describe('per-account state', () => {
  const local = (library: LocalLibrary) => extractLocal(library);
  const withRating = (id: number, rating: number): LocalLibrary => ({
    ratings: {
      ratings: { [id]: { rating, opinion: '' } },
      entries: { [id]: { snapshot: null, ratedAt: null } },
    },
    lists: { lists: emptyLists(), entries: {} },
    prefs: { ...DEFAULT_PREFERENCES },
    dismissed: {},
  });

  it('restartState keeps only the unsent changes, with the epoch they were made in', () => {
    let state: SyncState = { ...emptySyncState(), epoch: 'e1', cursor: 40, clock: null };
    state = recordLocalChanges(state, local(withRating(5, 4)), 1_750_000_000_000, 'aaaaaaaa').state;
    state = { ...state, shadow: { 'rating:9': { h: state.pending['rating:5']!.hlc, f: 'x' } } };
    const restarted = restartState(state);
    expect(restarted.epoch).toBeNull();
    expect(restarted.cursor).toBe(0);
    expect(restarted.shadow).toEqual({});
    expect(Object.keys(restarted.pending).sort()).toEqual(['prefs:notifications', 'rating:5']);
    expect(restarted.priorEpoch).toBe('e1');
    expect(restarted.clock).toBe(state.clock);
    // Written back into empty stores, the pending changes are the stores' content.
    expect(
      pendingAsEntries(restarted)
        .filter((entry) => entry.kind === 'rating')
        .map((entry) => [entry.key, entry.deleted]),
    ).toEqual([['5', false]]);
    // Stored and read again, the state is the same.
    expect(sanitizeSyncState(JSON.parse(JSON.stringify(restarted)))).toEqual(restarted);
  });

  it('a refused change is set aside, not recorded again until the entry changes, and retried on request', () => {
    let state: SyncState = { ...emptySyncState(), epoch: 'e1' };
    state = recordLocalChanges(state, local(withRating(5, 4)), 1_750_000_000_000, 'aaaaaaaa').state;
    const change = state.pending['rating:5']!;
    state = setAside(state, change, 'tooLarge', null);
    expect(state.pending['rating:5']).toBeUndefined();
    expect(state.refused['rating:5']).toMatchObject({ reason: 'tooLarge', hlc: change.hlc });
    expect(recordLocalChanges(state, local(withRating(5, 4)), 1_750_000_001_000, 'aaaaaaaa').recorded).toBe(
      0,
    );
    expect(sanitizeSyncState(JSON.parse(JSON.stringify(state)))).toEqual(state);

    const retried = retryRefused(state);
    expect(retried.refused).toEqual({});
    expect(retried.pending['rating:5']?.hlc).toBe(change.hlc);

    // A new change of the entry replaces the refused one.
    const edited = recordLocalChanges(state, local(withRating(5, 2)), 1_750_000_002_000, 'aaaaaaaa');
    expect(edited.recorded).toBe(1);
    expect(edited.state.refused).toEqual({});
    expect((edited.state.pending['rating:5']?.data as RatingData).rating).toBe(2);
  });

  it('after a whole pull, entries the server no longer holds are removed unless changed here', () => {
    const state: SyncState = {
      ...emptySyncState(),
      epoch: 'e1',
      shadow: {
        'rating:1': { h: '1750000000000-0000-aaaaaaaa', f: 'a' },
        'rating:2': { h: '1750000000000-0000-aaaaaaaa', f: 'b' },
        'rating:3': { h: '1750000000000-0000-aaaaaaaa', f: null },
        'rating:4': { h: '1750000000000-0000-aaaaaaaa', f: 'd' },
      },
      pending: {
        'rating:4': {
          kind: 'rating',
          key: '4',
          hlc: '1750000000001-0000-aaaaaaaa',
          deleted: false,
          data: { rating: 3, opinion: '', ratedAt: null, snapshot: null },
          f: 'e',
        },
      },
    };
    const { state: next, writes } = dropVanished(state, new Set(['rating:1']));
    expect(writes.map((entry) => [entry.key, entry.deleted])).toEqual([['2', true]]);
    expect(Object.keys(next.shadow).sort()).toEqual(['rating:1', 'rating:4']);
  });
});

describe('recovery: a server that went back in time, a clock that ran ahead, a full library', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = 1_750_000_000_000;
  const stamp = (wall: number, counter = 0, node = 'aaaaaaaa') => formatHlc({ wall, counter, node });
  const ratingData = (rating: number): RatingData => ({ rating, opinion: '', ratedAt: null, snapshot: null });
  const pendingRating = (key: string, hlc: string, deleted = false): PendingChange => ({
    kind: 'rating',
    key,
    hlc,
    deleted,
    data: deleted ? null : ratingData(3),
    f: deleted ? null : fingerprint('rating', ratingData(3)),
  });

  it('resendAll: every agreed entry is pending again with its own stamp; pending ones stay; the pull starts over', () => {
    const local = extractLocal({
      ratings: { ratings: { 1: { rating: 4, opinion: 'x' } }, entries: {} },
      lists: { lists: emptyLists(), entries: {} },
      prefs: { ...DEFAULT_PREFERENCES },
      dismissed: {},
    });
    const recorded = recordLocalChanges(emptySyncState(), local, now, 'aaaaaaaa').state;
    const agreed = acknowledge({ ...recorded, epoch: 'e', cursor: 40 }, Object.values(recorded.pending));
    const withRemoval: SyncState = {
      ...agreed,
      shadow: { ...agreed.shadow, 'list:9': { h: stamp(now - 5), f: null } },
      pending: { 'rating:2': pendingRating('2', stamp(now + 5)) },
    };
    const state = resendAll(withRemoval, local);
    expect(state.cursor).toBe(0);
    expect(state.shadow).toEqual({});
    expect(state.pending['rating:1']).toMatchObject({
      hlc: agreed.shadow['rating:1']!.h,
      data: { rating: 4 },
    });
    expect(state.pending['list:9']).toMatchObject({ hlc: stamp(now - 5), deleted: true, data: null });
    expect(state.pending['rating:2']!.hlc).toBe(stamp(now + 5));
    expect(state.pending['prefs:notifications']).toBeDefined();
  });

  it('restampAhead: changes two days ahead get the corrected time in their order; the clock comes back', () => {
    const ahead = now + 2 * DAY;
    const state: SyncState = {
      ...emptySyncState(),
      epoch: 'e',
      clock: stamp(ahead, 1),
      shadow: { 'rating:5': { h: stamp(now - 1000), f: 'x' } },
      pending: {
        'rating:1': pendingRating('1', stamp(ahead, 1)),
        'rating:2': pendingRating('2', stamp(ahead, 0)),
        'rating:3': pendingRating('3', stamp(now - 10)),
      },
      refused: {
        'rating:4': { ...pendingRating('4', stamp(ahead - 5)), reason: 'invalid', message: 'future' },
      },
    };
    const { state: next, restamped } = restampAhead(state, now, 'aaaaaaaa', 60_000);
    expect(restamped).toBe(3);
    expect(next.refused).toEqual({});
    const walls = ['4', '2', '1'].map((key) => parseHlc(next.pending[`rating:${key}`]!.hlc));
    for (const part of walls) expect(part.wall).toBe(now);
    // In the order they were made.
    expect(walls.map((part) => part.counter)).toEqual([...walls.map((part) => part.counter)].sort());
    expect(next.pending['rating:3']!.hlc).toBe(stamp(now - 10));
    expect(parseHlc(next.clock!).wall).toBe(now);
    // A later change is stamped after them, not two days ahead.
    const later = nextHlc(next.clock, now + 5, 'aaaaaaaa');
    expect(parseHlc(later).wall).toBe(now + 5);
    // Nothing ahead: the state is left as it was.
    expect(restampAhead(next, now, 'aaaaaaaa', 60_000).state).toBe(next);
  });

  it('restampAhead never takes the clock below a stamp the server holds', () => {
    const held = stamp(now + 3 * 60_000);
    const state: SyncState = {
      ...emptySyncState(),
      clock: stamp(now + DAY),
      shadow: { 'rating:5': { h: held, f: 'x' } },
      pending: { 'rating:1': pendingRating('1', stamp(now + DAY)) },
    };
    const { state: next } = restampAhead(state, now, 'aaaaaaaa', 60_000);
    expect(compareHlc(next.pending['rating:1']!.hlc, held)).toBe(1);
  });

  it('splitForFullLibrary: removals and edits of live entries go; new entries wait', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: { 'rating:1': { h: stamp(now), f: 'x' }, 'rating:2': { h: stamp(now), f: null } },
    };
    const batch = [
      pendingRating('1', stamp(now + 1)),
      pendingRating('2', stamp(now + 2)),
      pendingRating('3', stamp(now + 3)),
      pendingRating('4', stamp(now + 4), true),
    ];
    const { frees, adds } = splitForFullLibrary(state, batch);
    expect(frees.map((change) => change.key)).toEqual(['1', '4']);
    expect(adds.map((change) => change.key)).toEqual(['2', '3']);
  });
});

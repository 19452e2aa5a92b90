// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { emptyLists, useListsStore } from '@/lib/stores/lists-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { claimEmptyDevice } from './claim';
import { endLibrarySession, startLibrarySync, type EngineOptions } from './engine';
import { CLOCK_AHEAD, LIBRARY_FULL, MAX_CLOCK_AHEAD_MS, type Change, type RemoteEntry } from './protocol';
import { parseHlc } from './hlc';
import { useSyncStatusStore } from './status';

/**
 * The engine against an in-memory server that keeps the protocol's rules (the later stamp wins,
 * per-user versions and epochs), with a body bound like nginx's and a bound of entries like the
 * app's. Each `signIn` is an account signing in on this one browser.
 */
class FakeServer {
  users = new Map<string, { epoch: string; version: number; rows: Map<string, RemoteEntry> }>();
  /** Bodies longer than this are answered 413 (a proxy's bound). */
  maxBody = Infinity;
  /** Live entries one user may hold (422 LIBRARY_FULL past it, naming the changes not kept). */
  maxEntries = Infinity;
  /** Full, answer as older servers did: the whole push refused, nothing named. */
  refusesWhole = false;
  /** Names this copy of the server's database. */
  generation = 'generation-1';
  /** The server's own clock (the device's may be wrong). */
  now = () => performance.timeOrigin + performance.now();
  /** Keys whose changes are refused 400 (content the server does not accept). */
  invalidKeys = new Set<string>();
  posts: { uid: string; status: number; count: number; keys: string[] }[] = [];
  pulls = 0;

  user(uid: string) {
    let user = this.users.get(uid);
    if (!user) {
      user = { epoch: `epoch-${uid}`, version: 0, rows: new Map() };
      this.users.set(uid, user);
    }
    return user;
  }

  keys(uid: string, kind = 'rating'): string[] {
    return [...this.user(uid).rows.values()]
      .filter((row) => row.kind === kind && !row.deleted)
      .map((row) => row.key)
      .sort();
  }

  tombstones(uid: string): string[] {
    return [...this.user(uid).rows.values()].filter((row) => row.deleted).map((row) => row.key);
  }

  /** The server's data goes back in time: an empty database, or one restored without `uid`'s rows. */
  restoreEmpty() {
    this.users.clear();
    this.generation = `generation-${Math.random()}`;
  }

  /** `uid` deleted their synced data (on another device): a new epoch, the same database. */
  deleteSyncedData(uid: string) {
    this.users.set(uid, { epoch: `epoch-${uid}-${Math.random()}`, version: 0, rows: new Map() });
  }

  /** Another device of `uid` pushes a change. */
  external(uid: string, change: Change) {
    const user = this.user(uid);
    user.rows.set(`${change.kind}:${change.key}`, { ...change, version: ++user.version });
  }

  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const uid = String(new Headers(init.headers).get('authorization')).replace('Bearer tok-', '');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const user = this.user(uid);
    if (init.method === 'POST') {
      const text = String(init.body);
      const body = JSON.parse(text) as { epoch: string | null; changes: Change[] };
      const answer = (status: number, value: unknown) => {
        this.posts.push({ uid, status, count: body.changes.length, keys: body.changes.map((c) => c.key) });
        return status === 413 ? new Response('<html>413</html>', { status }) : json(status, value);
      };
      if (text.length > this.maxBody) return answer(413, null);
      if (body.epoch !== null && body.epoch !== user.epoch)
        return answer(409, { error: { code: 'SYNC_RESET' }, epoch: user.epoch, generation: this.generation });
      if (body.changes.some((change) => parseHlc(change.hlc).wall > this.now() + MAX_CLOCK_AHEAD_MS))
        return answer(400, { error: { code: CLOCK_AHEAD, message: 'future' }, serverTime: this.now() });
      if (body.changes.some((change) => this.invalidKeys.has(change.key)))
        return answer(400, { error: { code: 'INVALID_INPUT', message: 'Invalid library change: data.' } });
      const rows = new Map(user.rows);
      let version = user.version;
      let live = [...rows.values()].filter((row) => !row.deleted).length;
      const refused: string[] = [];
      for (const change of body.changes) {
        const id = `${change.kind}:${change.key}`;
        const stored = rows.get(id);
        if ((stored?.hlc ?? '') >= change.hlc) continue;
        const adds = !change.deleted && (!stored || stored.deleted);
        if (adds && live >= this.maxEntries) {
          refused.push(id);
          continue;
        }
        if (adds) live++;
        else if (change.deleted && stored && !stored.deleted) live--;
        rows.set(id, { ...change, version: ++version });
      }
      const full = { error: { code: LIBRARY_FULL, message: 'full' }, limit: this.maxEntries };
      if (refused.length > 0 && this.refusesWhole) return answer(422, full);
      user.rows = rows;
      user.version = version;
      const result = {
        epoch: user.epoch,
        generation: this.generation,
        version,
        applied: 0,
        serverTime: this.now(),
      };
      if (refused.length > 0) return answer(422, { ...full, ...result, refused });
      return answer(200, result);
    }
    this.pulls++;
    const since = Number(new URL(input, 'http://x').searchParams.get('since'));
    const entries = [...user.rows.values()].filter((row) => row.version > since);
    return json(200, {
      epoch: user.epoch,
      generation: this.generation,
      version: user.version,
      entries,
      more: false,
      serverTime: this.now(),
    });
  };
}

let server: FakeServer;
let stop: (() => void) | null = null;

/** The engine of this tab stops (a session that ended without asking, or after endLibrarySession). */
function signOut() {
  stop?.();
  stop = null;
}

function signIn(uid: string, extra: Partial<EngineOptions> = {}) {
  signOut();
  stop = startLibrarySync({ uid, getToken: async () => `tok-${uid}`, ...extra });
}

async function settled(uid: string) {
  await vi.waitFor(
    () => {
      const status = useSyncStatusStore.getState().status;
      expect(status?.uid).toBe(uid);
      expect(status?.phase).toBe('idle');
    },
    { timeout: 5000, interval: 10 },
  );
}

function rate(id: number, stars: number, opinion = '') {
  expect(useRatingsStore.getState().saveRating(id, stars, opinion).ok).toBe(true);
}

const ratedIds = () => Object.keys(useRatingsStore.getState().ratings).sort();
const dismissedIds = () => Object.keys(useDismissedStore.getState().dismissed).sort();

beforeEach(() => {
  localStorage.clear();
  useRatingsStore.setState({ ratings: {}, entries: {} });
  useListsStore.setState({ lists: emptyLists(), entries: {} });
  useDismissedStore.setState({ dismissed: {} });
  useSyncStatusStore.setState({ status: null });
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

describe('accounts on one device', () => {
  it('A → B → A: each account keeps exactly its own entries, whatever is left on the device', async () => {
    signIn('ana');
    await settled('ana');
    rate(20, 5, 'Naruto');
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['20']));

    // Ana leaves without removing anything (a session that ended, or 'keep').
    signOut();
    signIn('bia');
    await settled('bia');
    expect(ratedIds()).toEqual([]);
    rate(1, 4, 'Cowboy Bebop');
    await vi.waitFor(() => expect(server.keys('bia')).toEqual(['1']));

    signOut();
    signIn('ana');
    await settled('ana');
    expect(ratedIds()).toEqual(['20']);
    expect(server.keys('ana')).toEqual(['20']);
    expect(server.keys('bia')).toEqual(['1']);
    expect(server.tombstones('ana')).toEqual([]);
    expect(server.tombstones('bia')).toEqual([]);
  });

  it("changes made to an account's kept copy while signed out reach that account, never the next", async () => {
    signIn('ana');
    await settled('ana');
    rate(20, 5);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['20']));
    await endLibrarySession('ana', 'keep');
    signOut();
    expect(ratedIds()).toEqual(['20']);
    // Signed out, on Ana's copy.
    rate(30, 3);
    useRatingsStore.getState().removeRating(20);

    signIn('bia');
    await settled('bia');
    expect(ratedIds()).toEqual([]);
    expect(server.keys('bia')).toEqual([]);
    expect(server.tombstones('bia')).toEqual([]);

    signOut();
    signIn('ana');
    await settled('ana');
    expect(server.keys('ana')).toEqual(['30']);
    expect(server.tombstones('ana')).toEqual(['20']);
    expect(ratedIds()).toEqual(['30']);
  });

  it("'remove' leaves nothing of the account on the device; the next sign-in asks nothing", async () => {
    signIn('ana');
    await settled('ana');
    rate(20, 5);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['20']));
    await endLibrarySession('ana', 'remove');
    signOut();
    expect(ratedIds()).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.includes('ana'))).toEqual([]);
    expect(useSyncStatusStore.getState().status).toBeNull();

    const confirmMerge = vi.fn(async () => true);
    signIn('bia', { confirmMerge });
    await settled('bia');
    expect(confirmMerge).not.toHaveBeenCalled();
    expect(server.keys('bia')).toEqual([]);
  });

  it('rated between the sign-in and the engine’s start: the account’s own, synced without a question', async () => {
    // The sign-in code claims an empty device the moment the account is known (claim.ts); the
    // engine loads a moment later, after the fan already rated and listed.
    expect(claimEmptyDevice('ana')).toBe(true);
    rate(5114, 4, 'Logo depois de entrar');
    useListsStore.getState().toggle(21, 'WATCHING');
    const confirmMerge = vi.fn(async () => false);
    signIn('ana', { confirmMerge });
    await settled('ana');
    expect(confirmMerge).not.toHaveBeenCalled();
    expect(server.keys('ana')).toEqual(['5114']);
    expect(server.keys('ana', 'list')).toEqual(['21']);
  });

  it('a device holding a visitor’s data, or another account’s copy, is never claimed', async () => {
    rate(5114, 5);
    expect(claimEmptyDevice('ana')).toBe(false);
    localStorage.clear();
    useDismissedStore.getState().dismiss(21);
    expect(claimEmptyDevice('ana')).toBe(false);
    localStorage.clear();
    localStorage.setItem('anime-master-sync-owner', 'bia');
    expect(claimEmptyDevice('ana')).toBe(false);
    expect(localStorage.getItem('anime-master-sync-owner')).toBe('bia');
  });

  it('data of no account is merged only when the person agrees', async () => {
    rate(5114, 5);
    useListsStore.getState().toggle(21, 'WATCHING');
    const confirmMerge = vi.fn(async () => true);
    const onMerged = vi.fn();
    signIn('ana', { confirmMerge, onMerged });
    await settled('ana');
    expect(confirmMerge).toHaveBeenCalledWith({ ratings: 1, lists: 1 }, expect.any(AbortSignal));
    expect(server.keys('ana')).toEqual(['5114']);
    expect(server.keys('ana', 'list')).toEqual(['21']);
    expect(onMerged).toHaveBeenCalledWith({ ratings: 1, lists: 1 });
  });

  it('declined, the device’s data is set aside, never pushed, and back after a removing sign-out', async () => {
    server.external('ana', {
      kind: 'rating',
      key: '1',
      hlc: '1750000000000-0000-aaaaaaaa',
      deleted: false,
      data: { rating: 4, opinion: '', ratedAt: null, snapshot: null },
    });
    rate(5114, 5);
    const confirmMerge = vi.fn(async () => false);
    signIn('ana', { confirmMerge });
    await settled('ana');
    expect(confirmMerge).toHaveBeenCalledOnce();
    expect(ratedIds()).toEqual(['1']);
    expect(server.keys('ana')).toEqual(['1']);
    expect(server.posts.flatMap((post) => post.keys)).not.toContain('5114');

    await endLibrarySession('ana', 'remove');
    signOut();
    expect(ratedIds()).toEqual(['5114']);
  });

  it('keeps each account’s sync state under its own uid', async () => {
    signIn('ana');
    await settled('ana');
    rate(20, 5);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['20']));
    signOut();
    signIn('bia');
    await settled('bia');
    const ana = JSON.parse(localStorage.getItem('anime-master-sync:ana')!) as { epoch: string };
    const bia = JSON.parse(localStorage.getItem('anime-master-sync:bia')!) as { epoch: string };
    expect(ana.epoch).toBe('epoch-ana');
    expect(bia.epoch).toBe('epoch-bia');
    expect(localStorage.getItem('anime-master-sync-owner')).toBe('bia');
  });
});

describe('pushes the server refuses', () => {
  it('a batch refused for its size is split until every change is through', async () => {
    signIn('ana');
    await settled('ana');
    server.maxBody = 3000;
    for (let id = 1; id <= 60; id++) rate(id, 3, `opinion ${id}`);
    await vi.waitFor(() => expect(server.keys('ana')).toHaveLength(60), { timeout: 5000 });
    expect(server.posts.some((post) => post.status === 413)).toBe(true);
    expect(server.posts.filter((post) => post.status === 200).every((post) => post.count < 60)).toBe(true);
    await settled('ana');
    expect(useSyncStatusStore.getState().status?.pending).toBe(0);
  });

  it('a change refused alone is set aside and listed; the others and the pulls go on', async () => {
    signIn('ana');
    await settled('ana');
    server.maxBody = 2000;
    rate(7, 4, 'x'.repeat(3000));
    rate(8, 2, 'short');
    server.invalidKeys.add('9');
    rate(9, 1);
    await vi.waitFor(() => expect(useSyncStatusStore.getState().status?.refusedCount).toBe(2));
    expect(server.keys('ana')).toEqual(['8']);
    const refused = useSyncStatusStore.getState().status?.refused ?? [];
    expect(refused.map((change) => [change.key, change.reason]).sort()).toEqual([
      ['7', 'tooLarge'],
      ['9', 'invalid'],
    ]);
    // Pulls still bring what another device did.
    server.external('ana', {
      kind: 'rating',
      key: '100',
      hlc: `${Date.now()}-0000-bbbbbbbb`,
      deleted: false,
      data: { rating: 5, opinion: '', ratedAt: null, snapshot: null },
    });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(ratedIds()).toContain('100'));
    await settled('ana');
    // Set aside, they are not pushed again on each sync.
    const refusedPosts = server.posts.length;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(server.pulls).toBeGreaterThan(3));
    await settled('ana');
    expect(server.posts.length).toBe(refusedPosts);
  });

  it('an account at its bound of entries says so, keeps what waits for room, and lists it', async () => {
    signIn('ana');
    await settled('ana');
    // The notification preferences are one entry too.
    server.maxEntries = 3;
    rate(1, 3);
    rate(2, 3);
    rate(3, 3);
    await vi.waitFor(() => expect(useSyncStatusStore.getState().status?.error).toBe('full'));
    const status = useSyncStatusStore.getState().status!;
    expect(status.limit).toBe(3);
    expect(server.keys('ana')).toEqual(['1', '2']);
    expect(status.pending).toBe(1);
    expect(status.refused?.map((change) => [change.key, change.reason])).toEqual([['3', 'full']]);
  });

  for (const refusesWhole of [false, true]) {
    it(`full, removals and edits still go and make room${refusesWhole ? ' (a server that refuses whole)' : ''}`, async () => {
      signIn('ana');
      await settled('ana');
      rate(1, 3);
      rate(2, 3);
      await vi.waitFor(() => expect(server.keys('ana')).toEqual(['1', '2']));
      await settled('ana');
      // Full: the notification preferences and two ratings.
      server.maxEntries = 3;
      server.refusesWhole = refusesWhole;
      // The oldest pending changes add entries the library has no room for.
      for (let id = 10; id < 20; id++) rate(id, 4);
      await vi.waitFor(() => expect(useSyncStatusStore.getState().status?.error).toBe('full'));
      // An edit and a removal made after them go through.
      rate(2, 5, 'better');
      useRatingsStore.getState().removeRating(1);
      await vi.waitFor(() => expect(server.tombstones('ana')).toEqual(['1']));
      await vi.waitFor(() =>
        expect(server.user('ana').rows.get('rating:2')?.data).toMatchObject({ rating: 5 }),
      );
      // The room the removal made is taken by the oldest waiting entry (a server that names
      // what it refused; one that refuses whole leaves them all waiting).
      await vi.waitFor(() => expect(server.keys('ana')).toEqual(refusesWhole ? ['2'] : ['10', '2']));
      await vi.waitFor(() =>
        expect(useSyncStatusStore.getState().status?.refusedCount).toBe(refusesWhole ? 10 : 9),
      );
      expect(useSyncStatusStore.getState().status?.error).toBe('full');
    });
  }
});

describe('the server’s data goes back in time', () => {
  it('another database generation: the device sends everything again, stamps intact, and keeps syncing', async () => {
    signIn('ana');
    await settled('ana');
    rate(1, 5, 'kept on the device');
    useListsStore.getState().toggle(21, 'WATCHING');
    useDismissedStore.getState().dismiss(30);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['1']));
    useRatingsStore.getState().removeRating(1);
    rate(2, 4);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['2']));
    await settled('ana');
    const stamps = new Map([...server.user('ana').rows].map(([id, row]) => [id, row.hlc]));

    server.restoreEmpty();
    // Meanwhile another device made a later change of entry 2, which must win.
    server.external('ana', {
      kind: 'rating',
      key: '2',
      hlc: `${Date.now() + 1000}-0000-bbbbbbbb`,
      deleted: false,
      data: { rating: 1, opinion: 'later', ratedAt: null, snapshot: null },
    });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(server.keys('ana', 'list')).toEqual(['21']));
    await settled('ana');
    expect(server.keys('ana', 'dismissal')).toEqual(['30']);
    expect(server.tombstones('ana')).toEqual(['1']);
    for (const [id, hlc] of stamps) {
      if (id !== 'rating:2') expect(server.user('ana').rows.get(id)?.hlc, id).toBe(hlc);
    }
    expect(useRatingsStore.getState().ratings[2]).toMatchObject({ rating: 1, opinion: 'later' });
    expect(localStorage.getItem('anime-master-sync-off:ana')).toBeNull();
  });

  it('a new epoch in the same database (the fan deleted their synced data): nothing is sent again', async () => {
    signIn('ana');
    await settled('ana');
    rate(1, 5);
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['1']));
    await settled('ana');
    const posts = server.posts.length;
    server.deleteSyncedData('ana');
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(useSyncStatusStore.getState().status?.error).toBe('reset'));
    expect(server.posts.length).toBe(posts);
    expect(server.keys('ana')).toEqual([]);
    expect(ratedIds()).toEqual(['1']);
  });
});

describe('a device clock that runs ahead', () => {
  afterEach(() => vi.useRealTimers());

  it('changes made two days ahead are stamped again; the fixed clock’s changes go too; the offset is kept', async () => {
    signIn('ana');
    await settled('ana');
    const real = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: real + 2 * 24 * 60 * 60 * 1000 });
    // The device believes its clock (no answer yet since it moved): the stamp is two days ahead.
    localStorage.setItem('anime-master-sync-clock-offset', '0');
    rate(1, 4, 'ahead');
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['1']));
    const first = parseHlc(server.user('ana').rows.get('rating:1')!.hlc).wall;
    expect(Math.abs(first - server.now())).toBeLessThan(60_000);
    expect(Number(localStorage.getItem('anime-master-sync-clock-offset'))).toBeLessThan(-47 * 3600_000);

    vi.useRealTimers();
    rate(2, 3, 'fixed');
    rate(1, 5, 'edited after');
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['1', '2']));
    await vi.waitFor(() =>
      expect(server.user('ana').rows.get('rating:1')?.data).toMatchObject({ rating: 5 }),
    );
    await settled('ana');
    expect(useSyncStatusStore.getState().status?.refusedCount).toBe(0);
  });

  it('a change the server refused for its stamp earlier is stamped again, without the fan doing anything', async () => {
    signIn('ana');
    await settled('ana');
    signOut();
    const state = JSON.parse(localStorage.getItem('anime-master-sync:ana')!) as Record<string, unknown>;
    const ahead = `${Date.now() + 2 * 24 * 60 * 60 * 1000}-0000-cccccccc`;
    const change = {
      kind: 'rating',
      key: '7',
      hlc: ahead,
      deleted: false,
      data: { rating: 2, opinion: '', ratedAt: null, snapshot: null },
    };
    localStorage.setItem(
      'anime-master-sync:ana',
      JSON.stringify({
        ...state,
        clock: ahead,
        refused: { 'rating:7': { ...change, reason: 'invalid', message: 'future' } },
      }),
    );
    useRatingsStore.setState({ ratings: { 7: { rating: 2, opinion: '' } }, entries: {} });
    signIn('ana');
    await vi.waitFor(() => expect(server.keys('ana')).toEqual(['7']));
    await settled('ana');
    expect(useSyncStatusStore.getState().status?.refusedCount).toBe(0);
  });
});

describe('remove means remove', () => {
  const traces = (text: string) => Object.entries(localStorage).filter(([, value]) => value.includes(text));

  it('offline: unsent changes, opinion texts included, leave with the account (and are counted first)', async () => {
    const { unsentChangesOf } = await import('./engine');
    signIn('ana');
    await settled('ana');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    rate(1, 5, 'segredo offline');
    useListsStore.getState().toggle(21, 'WATCHING');
    await vi.waitFor(() => expect(useSyncStatusStore.getState().status?.pending).toBe(2));
    expect(unsentChangesOf('ana')).toBe(2);
    await endLibrarySession('ana', 'remove');
    signOut();
    vi.restoreAllMocks();
    expect(traces('segredo offline')).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.includes('ana'))).toEqual([]);
    expect(ratedIds()).toEqual([]);
  });

  it('with sync off: nothing of the library stays', async () => {
    const { setSyncEnabled, unsentChangesOf } = await import('./engine');
    signIn('ana');
    await settled('ana');
    setSyncEnabled('ana', false);
    rate(1, 5, 'segredo local');
    expect(unsentChangesOf('ana')).toBe(1);
    await endLibrarySession('ana', 'remove');
    signOut();
    expect(traces('segredo local')).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.includes('ana'))).toEqual([]);
  });
});

describe('dismissed suggestions', () => {
  it('sync both ways: a dismissal and its undo are pushed, another device’s arrives', async () => {
    signIn('ana');
    await settled('ana');
    useDismissedStore.getState().dismiss(1535);
    await vi.waitFor(() => expect(server.keys('ana', 'dismissal')).toEqual(['1535']));
    useDismissedStore.getState().undo(1535);
    await vi.waitFor(() => expect(server.tombstones('ana')).toEqual(['1535']));
    expect(server.keys('ana', 'dismissal')).toEqual([]);

    server.external('ana', {
      kind: 'dismissal',
      key: '30',
      hlc: `${Date.now()}-0000-bbbbbbbb`,
      deleted: false,
      data: { at: '2025-06-15T12:00:00.000Z' },
    });
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(dismissedIds()).toEqual(['30']));
    expect(useDismissedStore.getState().dismissed[30]).toBe('2025-06-15T12:00:00.000Z');
    await settled('ana');
    // Written by a pull, it is not pushed back.
    expect(server.posts.flatMap((post) => post.keys)).not.toContain('30');
  });

  it('are kept per account: never pushed into another, back when their account returns', async () => {
    signIn('ana');
    await settled('ana');
    useDismissedStore.getState().dismiss(20);
    await vi.waitFor(() => expect(server.keys('ana', 'dismissal')).toEqual(['20']));
    await endLibrarySession('ana', 'keep');
    signOut();
    expect(dismissedIds()).toEqual(['20']);
    // Signed out, on Ana's copy.
    useDismissedStore.getState().dismiss(21);

    signIn('bia');
    await settled('bia');
    expect(dismissedIds()).toEqual([]);
    useDismissedStore.getState().dismiss(1);
    await vi.waitFor(() => expect(server.keys('bia', 'dismissal')).toEqual(['1']));

    signOut();
    signIn('ana');
    await settled('ana');
    expect(dismissedIds()).toEqual(['20', '21']);
    expect(server.keys('ana', 'dismissal')).toEqual(['20', '21']);
    expect(server.keys('bia', 'dismissal')).toEqual(['1']);
  });

  it("'Remover deste aparelho' clears them", async () => {
    signIn('ana');
    await settled('ana');
    useDismissedStore.getState().dismiss(20);
    await vi.waitFor(() => expect(server.keys('ana', 'dismissal')).toEqual(['20']));
    await endLibrarySession('ana', 'remove');
    signOut();
    expect(dismissedIds()).toEqual([]);
    expect(localStorage.getItem('anime-master-dismissed-suggestions')).not.toContain('"20"');
  });

  it('a visitor’s dismissals join the account with the ratings they came from, when the person agrees', async () => {
    rate(5114, 5);
    useDismissedStore.getState().dismiss(9253);
    const confirmMerge = vi.fn(async () => true);
    signIn('ana', { confirmMerge });
    await settled('ana');
    expect(confirmMerge).toHaveBeenCalledWith({ ratings: 1, lists: 0 }, expect.any(AbortSignal));
    expect(server.keys('ana', 'dismissal')).toEqual(['9253']);
  });

  it('a visitor’s dismissals alone are set aside unasked, never pushed, and back after a removing sign-out', async () => {
    useDismissedStore.getState().dismiss(9253);
    const confirmMerge = vi.fn(async () => true);
    signIn('ana', { confirmMerge });
    await settled('ana');
    expect(confirmMerge).not.toHaveBeenCalled();
    expect(dismissedIds()).toEqual([]);
    expect(server.keys('ana', 'dismissal')).toEqual([]);
    expect(server.posts.flatMap((post) => post.keys)).not.toContain('9253');

    await endLibrarySession('ana', 'remove');
    signOut();
    expect(dismissedIds()).toEqual(['9253']);
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backupFileName,
  buildBackup,
  importBackupText,
  MAX_BACKUP_BYTES,
  NOT_JSON,
  parseBackupText,
  validateBackup,
} from './backup';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

function snapshotStorage(): Record<string, string> {
  const all: Record<string, string> = {};
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index) as string;
    all[key] = localStorage.getItem(key) as string;
  }
  return all;
}

/** A backup exactly as the original app wrote it (SPEC §3): four lists, no extras. */
const originalBackup = {
  meta: { exportedAt: '2025-05-01T12:00:00.000Z', app: 'anime-master', version: 1 },
  ratings: { animeRating_21: { rating: 4, opinion: 'Bom' }, animeRating_5: { rating: 5, opinion: '' } },
  lists: { planToWatchList: [1, '2'], watchingList: [21], completedList: [], droppedList: [9] },
  theme: 'dark',
};

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('validateBackup', () => {
  it("accepts the original app's backup; ids become numbers; onHoldList may be missing", () => {
    const result = validateBackup(originalBackup);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.ratings.get(21)).toEqual({ rating: 4, opinion: 'Bom' });
    expect(result.data.lists.get('PLAN_TO_WATCH')).toEqual([1, 2]);
    expect(result.data.lists.has('ON_HOLD')).toBe(false);
    expect(result.data.theme).toBe('dark');
  });

  it('keeps only animeRating_ keys and valid ratings, counting what it skipped', () => {
    const result = validateBackup({
      ratings: {
        animeRating_1: { rating: 3, opinion: 'ok' },
        animeRating_2: { rating: 9 },
        animeRating_3: { rating: 2, opinion: 42 },
        animeRating_x: { rating: 2 },
        theme: 'dark',
        jikan_cache_data: { rating: 1 },
      },
      lists: { watchingList: [1, 'abc', -1, 2.5, 1] },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...result.data.ratings.keys()]).toEqual([1]);
    expect(result.data.lists.get('WATCHING')).toEqual([1]);
    expect(result.data.skipped).toBe(9);
  });

  it('ignores __proto__ / constructor keys and pollutes nothing', () => {
    const hostile = JSON.parse(
      '{"ratings":{"__proto__":{"polluted":true},"constructor":{"rating":5},"animeRating_1":{"rating":5,"opinion":"","__proto__":{"isAdmin":true}}},' +
        '"lists":{"__proto__":[1],"watchingList":[1]},"listEntries":{"__proto__":{"progress":3}},"theme":"dark"}',
    ) as unknown;
    const result = validateBackup(hostile);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    if (!result.ok) return;
    expect(result.data.ratings.get(1)).toEqual({ rating: 5, opinion: '' });
    expect(Object.keys(result.data.ratings.get(1) ?? {})).toEqual(['rating', 'opinion']);
  });

  it('fails on wrong container types and foreign files', () => {
    for (const value of [
      null,
      [],
      'backup',
      42,
      {},
      { meta: { app: 'other-app' }, ratings: {} },
      { meta: { app: 'anime-master', version: 2 }, ratings: {} },
      { ratings: [] },
      { ratings: 'x' },
      { lists: { watchingList: '1,2' } },
      { lists: [[1]] },
      { lists: { watchingList: [1, null] } },
      { lists: { watchingList: [{ id: 1 }] } },
      { ratings: { animeRating_1: 5 } },
      { ratings: {}, listEntries: [] },
      { ratings: {}, recentSearches: 'naruto' },
    ]) {
      const result = validateBackup(value);
      expect(result.ok, JSON.stringify(value)).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^Invalid data/);
    }
  });

  it('drops a theme other than light or dark', () => {
    const result = validateBackup({ ...originalBackup, theme: '<script>' });
    expect(result.ok && result.data.theme).toBeNull();
  });

  it('survives deep nesting without recursion', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const result = parseBackupText(`{"ratings":{"animeRating_1":${deep}},"lists":{"watchingList":${deep}}}`);
    expect(result.ok).toBe(false);
  });

  it('refuses non-JSON and oversized text before parsing it', () => {
    expect(parseBackupText('animeRating_1=5')).toEqual({ ok: false, reason: NOT_JSON });
    expect(parseBackupText('<myanimelist/>')).toEqual({ ok: false, reason: NOT_JSON });
    const parse = vi.spyOn(JSON, 'parse');
    const huge = `{"ratings":{},"pad":"${'x'.repeat(20 * 1024 * 1024)}"}`;
    expect(huge.length).toBeGreaterThan(MAX_BACKUP_BYTES);
    expect(parseBackupText(huge)).toEqual({ ok: false, reason: 'too-large' });
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('export and import', () => {
  it('round-trips everything: export, clear, import gives the same storage', () => {
    localStorage.setItem('animeRating_21', JSON.stringify({ rating: 4, opinion: 'Bom' }));
    localStorage.setItem('watchingList', '[21]');
    localStorage.setItem('planToWatchList', '[1,2]');
    localStorage.setItem('completedList', '[]');
    localStorage.setItem('droppedList', '[]');
    localStorage.setItem('onHoldList', '[7]');
    localStorage.setItem(
      'anime-master-list-entries',
      JSON.stringify({ 21: { snapshot: null, progress: 3, startedAt: '2026-11-01', finishedAt: null } }),
    );
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('recentSearches', '["Naruto"]');
    const before = snapshotStorage();

    const file = buildBackup(new Date('2026-11-23T10:00:00Z'));
    expect(file.meta).toEqual({ exportedAt: '2026-11-23T10:00:00.000Z', app: 'anime-master', version: 1 });
    localStorage.clear();
    const result = importBackupText(JSON.stringify(file));
    expect(result).toMatchObject({ ok: true, theme: 'dark', summary: { ratings: 1, listed: 4, skipped: 0 } });
    expect(snapshotStorage()).toEqual(before);
  });

  it('a file that fails validation changes nothing', () => {
    localStorage.setItem('animeRating_1', '{"rating":2,"opinion":"x"}');
    localStorage.setItem('watchingList', '[1]');
    const before = snapshotStorage();
    for (const text of ['not json', '{"ratings": []}', '{"meta":{"app":"x"},"ratings":{}}', '']) {
      expect(importBackupText(text).ok).toBe(false);
    }
    expect(snapshotStorage()).toEqual(before);
  });

  it('a write failure half-way rolls every key back', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('animeRating_21', '{"rating":1,"opinion":"old"}');
    localStorage.setItem('watchingList', '[3]');
    const before = snapshotStorage();
    const original = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === 'theme') throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    expect(importBackupText(JSON.stringify(originalBackup))).toEqual({ ok: false, reason: 'Storage full' });
    expect(snapshotStorage()).toEqual(before);
  });

  it('overwrites: ratings by key, named lists replaced, an imported anime leaves unnamed lists', () => {
    localStorage.setItem('animeRating_21', '{"rating":1,"opinion":"old"}');
    localStorage.setItem('animeRating_99', '{"rating":3,"opinion":"kept"}');
    localStorage.setItem('onHoldList', '[21, 50]');
    localStorage.setItem('watchingList', '[8]');
    expect(importBackupText(JSON.stringify(originalBackup)).ok).toBe(true);
    expect(stored('animeRating_21')).toEqual({ rating: 4, opinion: 'Bom' });
    expect(stored('animeRating_99')).toEqual({ rating: 3, opinion: 'kept' });
    expect(stored('watchingList')).toEqual([21]);
    expect(stored('onHoldList')).toEqual([50]);
    expect(stored('planToWatchList')).toEqual([1, 2]);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('names the file anime-master-backup-YYYY-MM-DD.json', () => {
    expect(backupFileName(new Date(2026, 10, 3, 12))).toBe('anime-master-backup-2026-11-03.json');
  });
});

// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyLists } from '@/lib/stores/lists-store';
import {
  buildMalXml,
  importMalText,
  malScoreToStars,
  malStatusToList,
  parseMalXml,
  planMalImport,
  readMalFile,
} from './mal';

const fixture = readFileSync(path.join(__dirname, 'fixtures', 'animelist_1700000000_-_1234567.xml'), 'utf8');
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('MAL mapping', () => {
  it('maps statuses (words and numeric codes) to our lists; unknown ones to none', () => {
    expect(malStatusToList('Watching')).toBe('WATCHING');
    expect(malStatusToList('Completed')).toBe('COMPLETED');
    expect(malStatusToList('On-Hold')).toBe('ON_HOLD');
    expect(malStatusToList('Dropped')).toBe('DROPPED');
    expect(malStatusToList('Plan to Watch')).toBe('PLAN_TO_WATCH');
    expect(malStatusToList('6')).toBe('PLAN_TO_WATCH');
    expect(malStatusToList('Rewatching')).toBeNull();
  });

  it('turns a 0–10 score into stars = ceil(score / 2), 0 = unrated', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(malScoreToStars)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(malScoreToStars(Number.NaN)).toBe(0);
    expect(malScoreToStars(-3)).toBe(0);
  });

  it('reads the fixture, odd rows included', () => {
    const { rows, skipped, unknownStatus } = parseMalXml(fixture);
    expect(rows.map((row) => row.id)).toEqual([1, 21, 20, 30, 5114, 199, 6547]);
    // Steins;Gate (unknown status, no score, no comment), the repeated id 1, the row without an id.
    expect(skipped).toBe(3);
    expect(unknownStatus).toBe(2);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(1)).toMatchObject({
      list: 'COMPLETED',
      rating: 5,
      opinion: '<b>Obra-prima</b> & trilha sonora',
      progress: 26,
      startedAt: '2020-01-05',
      finishedAt: '2020-02-10',
      snapshot: { title: 'Cowboy Bebop', type: 'TV', episodes: 26, image: null },
    });
    expect(byId.get(21)).toMatchObject({
      list: 'WATCHING',
      rating: 4,
      startedAt: '2019-06-01',
      finishedAt: null,
    });
    expect(byId.get(21)?.snapshot.episodes).toBeNull();
    expect(byId.get(20)).toMatchObject({ list: 'ON_HOLD', rating: 0, progress: 50, startedAt: null });
    expect(byId.get(30)).toMatchObject({ list: 'DROPPED', rating: 2, opinion: 'Não era pra mim ]]> ainda' });
    expect(byId.get(199)).toMatchObject({
      list: 'COMPLETED',
      finishedAt: '2018-12-01',
      opinion: '<script>alert(1)</script>',
    });
    expect(byId.get(6547)).toMatchObject({ list: null, rating: 4 });
  });

  it('refuses what is not a MAL export', () => {
    expect(() => parseMalXml('<html><body/></html>')).toThrow('Not a MyAnimeList export');
    expect(() => parseMalXml('<myanimelist><anime>')).toThrow('Invalid XML');
    expect(() => parseMalXml('{"ratings": {}}')).toThrow('Invalid XML');
    expect(() =>
      parseMalXml('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xx">]><myanimelist>&x;</myanimelist>'),
    ).toThrow('Invalid XML');
  });

  it('plans one list per anime, keeping progress and dates', () => {
    const { rows } = parseMalXml(fixture);
    const current = { lists: { ...emptyLists(), WATCHING: [1] }, entries: {} };
    const { changes, summary } = planMalImport(rows, current);
    const written = new Map(changes);
    expect(JSON.parse(written.get('watchingList') ?? '[]')).toEqual([21]);
    expect(JSON.parse(written.get('completedList') ?? '[]')).toEqual([1, 199]);
    expect(summary).toEqual({
      lists: { PLAN_TO_WATCH: 1, WATCHING: 1, COMPLETED: 2, DROPPED: 1, ON_HOLD: 1 },
      ratings: 5,
    });
  });
});

describe('MAL import and export', () => {
  it('imports into storage, then exports the same data back in MAL format', () => {
    localStorage.setItem('animeRating_777', JSON.stringify({ rating: 1, opinion: 'kept' }));
    const result = importMalText(fixture);
    expect(result).toMatchObject({ ok: true, summary: { ratings: 5, skipped: 3, unknownStatus: 2 } });
    expect(stored('animeRating_1')).toEqual({ rating: 5, opinion: '<b>Obra-prima</b> & trilha sonora' });
    expect(stored('animeRating_20')).toBeNull();
    expect(stored('animeRating_777')).toEqual({ rating: 1, opinion: 'kept' });
    expect(stored('onHoldList')).toEqual([20]);
    // A rated row outside the lists (unknown status) still gets MAL's title as its card copy.
    expect(stored('anime-master-rating-entries')).toHaveProperty('6547.snapshot.title', 'Angel Beats!');
    expect(stored('anime-master-list-entries')).toMatchObject({
      20: { progress: 50 },
      1: { finishedAt: '2020-02-10' },
    });

    const { xml, count } = buildMalXml();
    expect(count).toBe(6);
    const again = parseMalXml(xml);
    const byId = new Map(again.rows.map((row) => [row.id, row]));
    expect(byId.get(1)).toMatchObject({
      list: 'COMPLETED',
      rating: 5,
      progress: 26,
      startedAt: '2020-01-05',
    });
    expect(byId.get(30)?.opinion).toBe('Não era pra mim ]]> ainda');
    expect(byId.get(20)).toMatchObject({ list: 'ON_HOLD', progress: 50 });
    expect(xml).toContain('<my_score>10</my_score>');
  });

  it('changes nothing when the XML is invalid', () => {
    localStorage.setItem('watchingList', '[5]');
    expect(importMalText('<myanimelist><anime>')).toEqual({ ok: false, reason: 'Invalid XML' });
    expect(localStorage.getItem('watchingList')).toBe('[5]');
    expect(localStorage.length).toBe(1);
  });

  it('changes nothing when storage is full', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('watchingList', '[5]');
    const original = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === 'droppedList') throw new DOMException('full', 'QuotaExceededError');
      original.call(this, key, value);
    });
    expect(importMalText(fixture)).toEqual({ ok: false, reason: 'Storage full' });
    expect(localStorage.getItem('watchingList')).toBe('[5]');
    expect(localStorage.getItem('animeRating_1')).toBeNull();
  });

  it('reads gzipped exports and bounds what they unpack to', async () => {
    // jsdom's Blob has no stream(); browsers' and Node's do.
    const gz = new NodeBlob([gzipSync(Buffer.from(fixture))]) as unknown as Blob;
    expect(await readMalFile(gz)).toBe(fixture);
    expect(await readMalFile(new NodeBlob([fixture]) as unknown as Blob)).toBe(fixture);
    const bomb = new NodeBlob([gzipSync(Buffer.alloc(21 * 1024 * 1024, 32))]) as unknown as Blob;
    await expect(readMalFile(bomb)).rejects.toThrow('File too large');
  });
});

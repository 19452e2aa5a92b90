import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, expandLink, jstDate, toRecord, type BangumiData } from './convert.mjs';

const siteMeta: BangumiData['siteMeta'] = {
  mal: { title: 'MyAnimeList', urlTemplate: 'https://myanimelist.net/anime/{{id}}', type: 'info' },
  netflix: { title: 'Netflix', urlTemplate: 'https://www.netflix.com/title/{{id}}', type: 'onair' },
  unext: {
    title: 'U-NEXT',
    urlTemplate: 'https://video.unext.jp/title/{{id}}',
    regions: ['JP'],
    type: 'onair',
  },
  dmhy: {
    title: '动漫花园',
    urlTemplate: 'https://share.dmhy.org/topics/list?keyword={{id}}',
    type: 'resource',
  },
};

const naruto = {
  title: 'NARUTO -ナルト-',
  titleTranslate: { en: ['Naruto'], 'zh-Hans': ['火影忍者', '鸣人传'] },
  type: 'tv',
  lang: 'ja',
  officialSite: 'http://www.tv-tokyo.co.jp/anime/naruto2002/',
  begin: '2002-10-03T09:30:00.000Z',
  end: '2007-02-08T10:57:00.000Z',
  sites: [
    { site: 'mal', id: '20' },
    { site: 'netflix', id: '70205012' },
    { site: 'unext', id: 'SID0018960', url: 'https://video.unext.jp/title/SID0018960?x=1' },
    { site: 'dmhy', id: '火影忍者' },
  ],
};

describe('jstDate', () => {
  it('gives the calendar date in Japan', () => {
    // 16:00 UTC is 01:00 the next day in Japan: movies dated 'YYYY-MM-(DD-1)T16:00Z' open on DD.
    expect(jstDate('2016-08-25T16:00:00.000Z')).toBe('2016-08-26');
    expect(jstDate('2002-10-03T09:30:00.000Z')).toBe('2002-10-03');
    expect(jstDate('')).toBe('');
    expect(jstDate('not a date')).toBe('');
  });
});

describe('toRecord', () => {
  it('keeps the MAL id, every title, type, dates in Japan, official site and streaming links', () => {
    expect(toRecord(naruto, siteMeta)).toEqual({
      id: 20,
      title: 'NARUTO -ナルト-',
      lang: 'ja',
      type: 'tv',
      begin: '2002-10-03',
      end: '2007-02-08',
      tr: { en: ['Naruto'], 'zh-Hans': ['火影忍者', '鸣人传'] },
      site: 'http://www.tv-tokyo.co.jp/anime/naruto2002/',
      // Netflix by id (template), U-NEXT by its own url; the torrent index (resource) is left out.
      links: [
        ['netflix', '70205012'],
        ['unext', 'https://video.unext.jp/title/SID0018960?x=1'],
      ],
    });
  });

  it('skips records without a MyAnimeList id', () => {
    expect(toRecord({ ...naruto, sites: [{ site: 'netflix', id: '1' }] }, siteMeta)).toBeNull();
    expect(toRecord({ ...naruto, sites: [{ site: 'mal', id: 'abc' }] }, siteMeta)).toBeNull();
  });

  it('keeps an entry’s own regions and drops links that are not http(s)', () => {
    const record = toRecord(
      {
        ...naruto,
        officialSite: 'javascript:alert(1)',
        sites: [
          { site: 'mal', id: '20' },
          { site: 'netflix', id: '1', regions: ['JP', 'TW'] },
          { site: 'unext', id: 'x', url: 'ftp://example.com/x' },
        ],
      },
      siteMeta,
    );
    expect(record?.site).toBeUndefined();
    // The ftp url is refused, so the id and template give the link instead.
    expect(record?.links).toEqual([
      ['netflix', '1', ['JP', 'TW']],
      ['unext', 'x'],
    ]);
  });
});

describe('buildCatalogue', () => {
  const data: BangumiData = {
    siteMeta,
    items: [
      naruto,
      {
        title: 'ONE PIECE',
        titleTranslate: { en: ['ONE PIECE'] },
        type: 'tv',
        lang: 'ja',
        begin: '1999-10-20T00:00:00.000Z',
        end: '2025-12-28T14:15:00.000Z',
        sites: [
          { site: 'mal', id: '21' },
          { site: 'netflix', id: '80107103' },
        ],
      },
      {
        title: 'ONE PIECE エルバフ編',
        type: 'tv',
        lang: 'ja',
        begin: '2026-04-05T14:15:00.000Z',
        end: '',
        sites: [
          { site: 'mal', id: '21' },
          { site: 'netflix', id: '80107103' },
          { site: 'unext', id: 'SID1' },
        ],
      },
      { title: 'No MAL id', type: 'tv', begin: '2020-01-01T00:00:00.000Z', sites: [] },
    ],
  };

  it('merges records sharing a MAL id: earliest start, open end, all titles and links', () => {
    const catalogue = buildCatalogue(data, '0.3.208');
    expect(catalogue.source).toEqual({ name: 'bangumi-data', version: '0.3.208', license: 'CC-BY-4.0' });
    expect(catalogue.records.map((record) => record.id)).toEqual([20, 21]);
    expect(catalogue.records[1]).toEqual({
      id: 21,
      title: 'ONE PIECE',
      lang: 'ja',
      type: 'tv',
      begin: '1999-10-20',
      end: '',
      tr: { en: ['ONE PIECE'], ja: ['ONE PIECE エルバフ編'] },
      links: [
        ['netflix', '80107103'],
        ['unext', 'SID1'],
      ],
    });
  });

  it('lists only streaming sites, with templates that expand links back to URLs', () => {
    const catalogue = buildCatalogue(data);
    expect(Object.keys(catalogue.sites)).toEqual(['netflix', 'unext']);
    expect(expandLink('70205012', catalogue.sites.netflix)).toBe('https://www.netflix.com/title/70205012');
    expect(expandLink('https://video.unext.jp/title/A?b=1', catalogue.sites.unext)).toBe(
      'https://video.unext.jp/title/A?b=1',
    );
    expect(expandLink('1', undefined)).toBeNull();
  });

  it('converts the installed bangumi-data: thousands of records, Naruto with its links', () => {
    // Read, not imported: Vite's transform of the 7 MB JSON module alone takes seconds.
    const file = createRequire(import.meta.url).resolve('bangumi-data/dist/data.json');
    const real = JSON.parse(readFileSync(file, 'utf8')) as BangumiData;
    const catalogue = buildCatalogue(real);
    expect(catalogue.records.length).toBeGreaterThan(7000);
    const record = catalogue.records.find((entry) => entry.id === 20);
    expect(record?.tr?.en).toContain('Naruto');
    expect(record?.links?.some(([site]) => site === 'netflix')).toBe(true);
    // No torrent index ever counts as a place to watch.
    expect(catalogue.sites.dmhy).toBeUndefined();
  });
});

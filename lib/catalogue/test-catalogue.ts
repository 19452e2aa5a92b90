import { buildCatalogue, type BangumiData, type BangumiItem } from './convert.mjs';
import { Catalogue } from './catalogue';

/** A small bangumi-data for tests: real titles and MAL ids, dates chosen around 2026-11-23. */
export const TEST_TODAY = '2026-11-23';

const siteMeta: BangumiData['siteMeta'] = {
  mal: { title: 'MyAnimeList', urlTemplate: 'https://myanimelist.net/anime/{{id}}', type: 'info' },
  netflix: { title: 'Netflix', urlTemplate: 'https://www.netflix.com/title/{{id}}', type: 'onair' },
  crunchyroll: {
    title: 'Crunchyroll',
    urlTemplate: 'https://www.crunchyroll.com/series/{{id}}/',
    type: 'onair',
  },
  unext: {
    title: 'U-NEXT',
    urlTemplate: 'https://video.unext.jp/title/{{id}}',
    regions: ['JP'],
    type: 'onair',
  },
};

function item(
  mal: number,
  title: string,
  type: string,
  begin: string,
  end: string,
  tr: BangumiItem['titleTranslate'] = {},
  streaming: [string, string][] = [],
): BangumiItem {
  return {
    title,
    titleTranslate: tr,
    type,
    lang: 'ja',
    officialSite: `https://example.jp/${mal}`,
    begin: `${begin}T00:00:00.000Z`,
    end: end ? `${end}T00:00:00.000Z` : '',
    sites: [{ site: 'mal', id: String(mal) }, ...streaming.map(([site, id]) => ({ site, id }))],
  };
}

export const TEST_ITEMS: BangumiItem[] = [
  item(20, 'NARUTO -ナルト-', 'tv', '2002-10-03', '2007-02-08', { en: ['Naruto'], 'zh-Hans': ['火影忍者'] }, [
    ['netflix', '70205012'],
    ['unext', 'SID0018960'],
  ]),
  item(1735, 'NARUTO -ナルト- 疾風伝', 'tv', '2007-02-15', '2017-03-23', { en: ['Naruto Shippuden'] }, [
    ['crunchyroll', 'GYQ4MW246'],
  ]),
  item(16870, 'THE LAST -NARUTO THE MOVIE-', 'movie', '2014-12-06', '', {}, []),
  item(16498, '進撃の巨人', 'tv', '2013-04-07', '2013-09-29', { 'zh-Hans': ['进击的巨人'] }, [
    ['netflix', '70299043'],
    ['crunchyroll', 'GR751KNZY'],
    ['unext', 'SID1'],
  ]),
  item(1535, 'DEATH NOTE', 'tv', '2006-10-04', '2007-06-27', {}, [['netflix', '70204970']]),
  item(99001, '秋のアニメA', 'tv', '2026-10-03', '2026-12-19', {}, [['netflix', '1']]),
  item(99002, '秋のアニメB', 'tv', '2026-10-10', '', {}, [
    ['netflix', '2'],
    ['crunchyroll', '2'],
  ]),
  item(99003, '秋の映画', 'movie', '2026-11-01', '', {}, []),
  item(99004, '冬のアニメ', 'tv', '2027-01-08', '', {}, []),
  item(99005, '春のWEBアニメ', 'web', '2026-04-04', '', {}, []),
];

export function testCatalogue(items: BangumiItem[] = TEST_ITEMS): Catalogue {
  return new Catalogue(buildCatalogue({ siteMeta, items }, 'test'));
}

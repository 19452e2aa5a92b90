import { describe, expect, it } from 'vitest';
import {
  displayQuery,
  exploreHref,
  parseExploreParams,
  parseSearchParams,
  parseView,
  SEARCH_SORT_ORDER,
  searchHref,
} from './params';

describe('parseExploreParams', () => {
  it('defaults to the top tab in the grid view (SPEC §9)', () => {
    expect(parseExploreParams({})).toEqual({ tab: 'top', view: 'grid', page: 1 });
  });

  it('reads valid values from a record or URLSearchParams', () => {
    expect(parseExploreParams({ tab: 'seasonal', view: 'list' })).toEqual({
      tab: 'seasonal',
      view: 'list',
      page: 1,
    });
    expect(parseExploreParams(new URLSearchParams('tab=popular&view=grid&page=2'))).toEqual({
      tab: 'popular',
      view: 'grid',
      page: 2,
    });
  });

  it('falls back to the defaults for unknown, empty or repeated values', () => {
    expect(parseExploreParams({ tab: 'hentai', view: 'table' })).toEqual({
      tab: 'top',
      view: 'grid',
      page: 1,
    });
    expect(parseExploreParams({ tab: '', view: '' })).toEqual({ tab: 'top', view: 'grid', page: 1 });
    expect(parseExploreParams({ tab: ['seasonal', 'popular'] })).toEqual({
      tab: 'seasonal',
      view: 'grid',
      page: 1,
    });
    expect(parseExploreParams({ tab: 'constructor' })).toEqual({ tab: 'top', view: 'grid', page: 1 });
  });

  it('forgives case and stray spaces', () => {
    expect(parseExploreParams({ tab: ' Popular ', view: 'LIST' })).toEqual({
      tab: 'popular',
      view: 'list',
      page: 1,
    });
  });
});

describe('exploreHref', () => {
  it('always writes both values', () => {
    expect(exploreHref({ tab: 'top', view: 'grid', page: 1 })).toBe('/explore?tab=top&view=grid');
    expect(exploreHref({ tab: 'seasonal', view: 'list', page: 1 })).toBe('/explore?tab=seasonal&view=list');
    expect(exploreHref({ tab: 'top', view: 'grid', page: 2 })).toBe('/explore?tab=top&view=grid&page=2');
  });
});

describe('parseSearchParams', () => {
  it('trims q and defaults the sort to relevance and the view to grid', () => {
    expect(parseSearchParams({ q: '  naruto ' })).toEqual({
      q: 'naruto',
      sort: 'relevance',
      view: 'grid',
      page: 1,
    });
    expect(parseSearchParams({})).toEqual({ q: '', sort: 'relevance', view: 'grid', page: 1 });
  });

  it('reads sort and view, ignoring unknown ones', () => {
    expect(parseSearchParams({ q: 'x', sort: 'score', view: 'list' })).toEqual({
      q: 'x',
      sort: 'score',
      view: 'list',
      page: 1,
    });
    expect(parseSearchParams({ q: 'x', sort: 'popularity' }).sort).toBe('relevance');
    expect(parseView({ view: 'cards' })).toBe('grid');
  });

  it('treats a blank q as no query', () => {
    expect(parseSearchParams({ q: '   ' }).q).toBe('');
  });
});

describe('searchHref', () => {
  it('URL-encodes q (SPEC §5) and leaves the defaults out', () => {
    expect(searchHref({ q: 'one piece & co' })).toBe('/search?q=one+piece+%26+co');
    expect(searchHref({ q: 'naruto', sort: 'relevance', view: 'grid' })).toBe('/search?q=naruto');
    expect(searchHref({ q: 'naruto', sort: 'title', view: 'list' })).toBe(
      '/search?q=naruto&sort=title&view=list',
    );
  });

  it('round-trips through parseSearchParams', () => {
    const href = searchHref({ q: 'a/b?c#d=é', sort: 'score', view: 'list', page: 3 });
    expect(parseSearchParams(new URL(href, 'http://x').searchParams)).toEqual({
      q: 'a/b?c#d=é',
      sort: 'score',
      view: 'list',
      page: 3,
    });
  });
});

describe('SEARCH_SORT_ORDER', () => {
  it('maps the SPEC §4 sorts to Jikan: most popular first (rank ascending), title A→Z, best score first', () => {
    expect(SEARCH_SORT_ORDER.relevance).toEqual({ orderBy: 'popularity', sort: 'asc' });
    expect(SEARCH_SORT_ORDER.title).toEqual({ orderBy: 'title', sort: 'asc' });
    expect(SEARCH_SORT_ORDER.score).toEqual({ orderBy: 'score', sort: 'desc' });
  });
});

describe('displayQuery', () => {
  it('keeps short queries and cuts long ones with an ellipsis', () => {
    expect(displayQuery('naruto')).toBe('naruto');
    expect(displayQuery('x'.repeat(10_000))).toBe(`${'x'.repeat(80)}…`);
  });

  it('never splits a character made of two code units', () => {
    const emoji = '😀'.repeat(100);
    const shown = displayQuery(emoji, 3);
    expect(shown).toBe('😀😀😀…');
  });
});

describe('cached page paths', () => {
  it('round-trips any query text through one path segment', async () => {
    const { decodeSearchSegment, encodeSearchSegment } = await import('./params');
    for (const q of ['naruto', 'a/b ?c#d%', '進撃の巨人', '😀 café', '..', '<script>']) {
      const segment = encodeSearchSegment(q);
      expect(segment).toMatch(/^[\w-]*$/);
      expect(decodeSearchSegment(segment)).toBe(q);
    }
    expect(decodeSearchSegment('%%%')).toBe('');
    expect(decodeSearchSegment('_w')).toBe('');
  });

  it('rewrites public URLs to one normalised internal path per screen and language', async () => {
    const { encodeSearchSegment, internalPagePath } = await import('./params');
    const path = (url: string, locale = 'pt') => {
      const parsed = new URL(url, 'http://x');
      return internalPagePath(parsed.pathname, parsed.searchParams, locale);
    };
    expect(path('/')).toBe('/pt');
    expect(path('/settings', 'en')).toBe('/en/settings');
    expect(path('/anime/20')).toBe('/pt/anime/20');
    expect(path('/explore')).toBe('/pt/explore/top/grid');
    expect(path('/explore?tab=POPULAR&view=list&junk=1')).toBe('/pt/explore/popular/list');
    expect(path('/explore?tab=../../etc')).toBe('/pt/explore/top/grid');
    expect(path('/search')).toBe('/pt/search');
    expect(path('/search?q=%20%20')).toBe('/pt/search');
    expect(path('/search?q=Naruto&sort=score&view=list', 'en')).toBe(
      `/en/search/score/list/${encodeSearchSegment('Naruto')}`,
    );
    expect(path('/search?q=naruto&sort=bogus')).toBe(
      `/pt/search/relevance/grid/${encodeSearchSegment('naruto')}`,
    );
    // Pages past the first, the season archive and /browse.
    expect(path('/explore?tab=top&page=2')).toBe('/pt/explore/top/grid/2');
    expect(path('/explore?tab=top&page=1')).toBe('/pt/explore/top/grid');
    expect(path('/explore?tab=top&page=-4')).toBe('/pt/explore/top/grid');
    expect(path('/search?q=naruto&page=3')).toBe(
      `/pt/search/relevance/grid/${encodeSearchSegment('naruto')}/3`,
    );
    expect(path('/season/2023/FALL?page=2&view=list')).toBe('/pt/season/2023/fall/list/2');
    expect(path('/season/2023/fall')).toBe('/pt/season/2023/fall/grid/1');
    expect(path('/season/1492/fall')).toBe('/pt/season/0/none/grid/1');
    expect(path('/season')).toBe('/pt/season/go/now/now');
    expect(path('/season?year=2023&season=fall')).toBe('/pt/season/go/2023/fall');
    expect(path('/browse')).toBe('/pt/browse/grid/1/_');
    expect(path('/browse?genres=22&page=2&view=list')).toBe(
      `/pt/browse/list/2/${encodeSearchSegment('genres=22')}`,
    );
    expect(path('/browse?type=TV&genres=22,1&sort=popularity')).toBe(
      path('/browse?genres=1&genres=22&type=tv'),
    );
    // A query past the limit keeps one character more, so the page can say it is too long.
    expect(path(`/search?q=${'a'.repeat(5000)}`)).toBe(
      `/pt/search/relevance/grid/${encodeSearchSegment('a'.repeat(201))}`,
    );
  });
});

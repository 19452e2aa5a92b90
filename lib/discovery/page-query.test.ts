import { describe, expect, it } from 'vitest';
import { cleanPageSearch } from './page-query';

describe('cleanPageSearch', () => {
  it.each([
    ['/', '?evict=1', ''],
    ['/', '?', null],
    ['/', '', null],
    ['/explore', '?tab=top&view=grid&x=1', '?tab=top&view=grid'],
    ['/explore', '?x=1&tab=popular', '?tab=popular'],
    ['/explore', '?tab=top&tab=seasonal', '?tab=top'],
    ['/search', '?q=naruto&sort=score&view=list&fbclid=1', '?q=naruto&sort=score&view=list'],
    ['/settings', '?tab=data&utm_source=x', '?tab=data'],
    ['/anime/1', '?ref=feed', ''],
    ['/anime/1/edit', '?s=4', ''],
    ['/anime/1/review', '?s=4&o=Bom&utm_campaign=x', '?s=4&o=Bom'],
    ['/watching', '?page=2', ''],
    ['/my-ratings', '?_rsc=abc&x=1', '?_rsc=abc'],
    ['/explore', '?tab=top&page=2&utm_source=x', '?tab=top&page=2'],
    ['/search', '?q=naruto&page=2&ref=x', '?q=naruto&page=2'],
    ['/season/2023/fall', '?page=2&fbclid=1', '?page=2'],
    ['/season', '?year=2023&season=fall&go=1', '?year=2023&season=fall'],
    // /browse: straight to the canonical address (order, case, defaults, empty form fields, junk).
    ['/browse', '?genres=22&utm_source=x&foo=1', '?genres=22'],
    ['/browse', '?type=TV&genres=22,1', '?genres=1,22&type=tv'],
    [
      '/browse',
      '?genres=1&genres=22&exclude=&type=&status=&year=&season=&min_score=&sort=popularity',
      '?genres=1,22',
    ],
    ['/browse', '?sort=popularity&page=1&view=grid', ''],
    ['/browse', '?page=0&min_score=11&type=<b>', ''],
    ['/browse', '?genres=22&_rsc=abc&x=1', '?genres=22&_rsc=abc'],
  ])('%s%s → %j', (pathname, search, expected) => {
    expect(cleanPageSearch(pathname, search)).toBe(expected);
  });

  it.each([
    ['/explore', '?tab=top&view=grid'],
    ['/search', '?q=one+piece&sort=title'],
    ['/search', '?q=%C3%A7%2F%25'],
    ['/search', '?q=one%20piece'],
    ['/anime/1/review', '?s=4&o=Muito+bom%21'],
    ['/settings', '?tab=data'],
    // The router's data requests (prefetch and navigation) carry Next's cache buster.
    ['/', '?_rsc=1x2y3'],
    ['/explore', '?tab=top&_rsc=abc'],
    ['/browse', '?genres=1,22&type=tv&sort=score&page=2'],
    ['/browse', '?genres=22&_rsc=abc'],
    ['/season/2023/fall', '?page=2&view=list'],
    ['/anime/20', '?_rsc=abc'],
  ])('leaves a clean address alone: %s%s', (pathname, search) => {
    expect(cleanPageSearch(pathname, search)).toBeNull();
  });

  it('keeps the values exactly, whatever their encoding', () => {
    const cleaned = cleanPageSearch('/search', '?q=a%20b&x=1');
    expect(new URLSearchParams(cleaned!).get('q')).toBe('a b');
  });
});

import { describe, expect, it } from 'vitest';
import { isStrongRating, readDeviceHolds } from './device-holds';

function storage(values: Record<string, string>) {
  const keys = Object.keys(values);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => values[key] ?? null,
  };
}

describe('readDeviceHolds', () => {
  it('holds nothing for an empty or missing storage', () => {
    expect(readDeviceHolds(storage({ theme: '"dark"' }))).toEqual({ favorites: false, seeds: false });
    expect(readDeviceHolds(null)).toEqual({ favorites: false, seeds: false });
  });
  it('sees a rating of 4 or 5 as a favourite and a seed', () => {
    const held = readDeviceHolds(
      storage({ animeRating_1: '{"rating":3,"opinion":""}', animeRating_2: '{"rating":5}' }),
    );
    expect(held).toEqual({ favorites: true, seeds: true });
  });
  it('sees only weaker ratings as neither', () => {
    expect(readDeviceHolds(storage({ animeRating_1: '{"rating":3,"opinion":"ok"}' }))).toEqual({
      favorites: false,
      seeds: false,
    });
  });
  it('sees a Completed or Watching entry as a seed, other lists as nothing', () => {
    expect(readDeviceHolds(storage({ completedList: '[21]' }))).toEqual({ favorites: false, seeds: true });
    expect(readDeviceHolds(storage({ watchingList: '[21]' }))).toEqual({ favorites: false, seeds: true });
    expect(readDeviceHolds(storage({ planToWatchList: '[21]', completedList: '[]' }))).toEqual({
      favorites: false,
      seeds: false,
    });
  });
  it('treats unreadable storage as holding nothing', () => {
    const broken = {
      length: 1,
      key: () => {
        throw new Error('SecurityError');
      },
      getItem: () => null,
    };
    expect(readDeviceHolds(broken)).toEqual({ favorites: false, seeds: false });
  });
});

describe('isStrongRating', () => {
  it('reads the original app’s format, digits as strings included', () => {
    expect(isStrongRating('{"rating":4,"opinion":""}')).toBe(true);
    expect(isStrongRating('{"rating":"5"}')).toBe(true);
    expect(isStrongRating('{"rating":2}')).toBe(false);
    expect(isStrongRating('{"rating":4.5}')).toBe(false);
    expect(isStrongRating('{"rating":9}')).toBe(false);
    expect(isStrongRating('not json')).toBe(false);
    expect(isStrongRating('null')).toBe(false);
    expect(isStrongRating(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ageOn,
  ageStatus,
  birthdayOf,
  canAccessAdultContent,
  createdAdultYearsAgo,
  parseBirthday,
} from './age';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('parseBirthday', () => {
  it('reads YYYY-MM-DD and the {year, month, day} shape', () => {
    expect(parseBirthday('2008-11-23')).toEqual({ year: 2008, month: 11, day: 23 });
    expect(parseBirthday({ year: 2000, month: 2, day: 29 })).toEqual({ year: 2000, month: 2, day: 29 });
  });
  it('treats absent as unknown and refuses impossible or malformed dates', () => {
    expect(parseBirthday(undefined)).toBeNull();
    expect(parseBirthday('')).toBeNull();
    expect(() => parseBirthday('2007-02-29')).toThrow();
    expect(() => parseBirthday('23/11/2008')).toThrow();
    expect(() => parseBirthday(42)).toThrow();
  });
});

describe('ageOn', () => {
  it('turns 18 on the birthday itself, not the day before', () => {
    const birthday = { year: 2008, month: 11, day: 23 };
    expect(ageOn(birthday, { year: 2026, month: 11, day: 23 })).toBe(18);
    expect(ageOn(birthday, { year: 2026, month: 11, day: 22 })).toBe(17);
  });
  it('counts a 29 February birthday from 1 March in common years', () => {
    const leap = { year: 2008, month: 2, day: 29 };
    expect(ageOn(leap, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leap, { year: 2026, month: 3, day: 1 })).toBe(18);
    expect(ageOn(leap, { year: 2028, month: 2, day: 29 })).toBe(20);
  });
});

describe('ageStatus (SPEC §5)', () => {
  it('someone turning 18 today is adult; the day before is a minor', () => {
    expect(ageStatus({ birthday: '2008-11-23' }, at('2026-11-23'))).toEqual({
      isUserAdult: true,
      basis: 'birthday',
      userAge: 18,
    });
    expect(ageStatus({ birthday: '2008-11-24' }, at('2026-11-23'))).toEqual({
      isUserAdult: false,
      basis: 'birthday',
      userAge: 17,
    });
  });
  it('a leap-day birthday is a minor on 28 February of the 18th year and adult on 1 March', () => {
    expect(ageStatus({ birthday: '2008-02-29' }, at('2026-02-28')).isUserAdult).toBe(false);
    expect(ageStatus({ birthday: '2008-02-29' }, at('2026-03-01')).isUserAdult).toBe(true);
  });
  it('a birthday wins over an old account', () => {
    const status = ageStatus(
      { birthday: '2015-01-01', creationTime: '2001-01-01T00:00:00Z' },
      at('2026-11-23'),
    );
    expect(status).toEqual({ isUserAdult: false, basis: 'birthday', userAge: 11 });
  });
  it('without a birthday, an account created 18+ years ago counts as adult, with no age', () => {
    expect(ageStatus({ creationTime: 'Sat, 22 Nov 2008 10:00:00 GMT' }, at('2026-11-23'))).toEqual({
      isUserAdult: true,
      basis: 'accountAge',
      userAge: null,
    });
  });
  it('without a birthday and with a young account the answer is still true (SPEC: otherwise true)', () => {
    expect(ageStatus({ creationTime: '2026-11-01T00:00:00Z' }, at('2026-11-23'))).toEqual({
      isUserAdult: true,
      basis: 'default',
      userAge: null,
    });
    expect(ageStatus({}, at('2026-11-23'))).toEqual({ isUserAdult: true, basis: 'default', userAge: null });
  });
  it('unreadable claims are an error: false, even for an old account', () => {
    expect(ageStatus({ unreadable: true, creationTime: '2001-01-01T00:00:00Z' }, at('2026-11-23')).isUserAdult).toBe(
      false,
    );
  });
  it('an unreadable birthday is an error: false', () => {
    expect(ageStatus({ birthday: 'soon' }, at('2026-11-23'))).toEqual({
      isUserAdult: false,
      basis: 'error',
      userAge: null,
    });
  });
});

describe('createdAdultYearsAgo', () => {
  it('needs a full 18 years and a readable date', () => {
    expect(createdAdultYearsAgo('2008-11-23T00:00:00Z', at('2026-11-23'))).toBe(true);
    expect(createdAdultYearsAgo('2008-11-24T00:00:00Z', at('2026-11-23'))).toBe(false);
    expect(createdAdultYearsAgo('not a date', at('2026-11-23'))).toBe(false);
    expect(createdAdultYearsAgo(null, at('2026-11-23'))).toBe(false);
  });
});

describe('canAccessAdultContent', () => {
  it('is false without a user and follows the age rule with one', () => {
    expect(canAccessAdultContent(null)).toBe(false);
    expect(canAccessAdultContent({ birthday: '1990-05-01' }, at('2026-11-23'))).toBe(true);
    expect(canAccessAdultContent({ birthday: '2012-05-01' }, at('2026-11-23'))).toBe(false);
  });
});

describe('birthdayOf', () => {
  it('prefers the Google provider entry, then the token claim', () => {
    expect(
      birthdayOf([{ providerId: 'google.com', birthday: '1990-01-01' }], { birthday: '2010-01-01' }),
    ).toBe('1990-01-01');
    expect(birthdayOf([{ providerId: 'google.com' }], { birthday: '2010-01-01' })).toBe('2010-01-01');
    expect(birthdayOf([{ providerId: 'password', birthday: '1990-01-01' }])).toBeUndefined();
  });
});

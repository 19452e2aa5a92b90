import { describe, expect, it } from 'vitest';
import { localeCookieValue, localeFromCookieHeader } from './locale-cookie';

describe('localeFromCookieHeader', () => {
  it.each([
    [null, 'pt'],
    ['', 'pt'],
    ['NEXT_LOCALE=en', 'en'],
    ['NEXT_LOCALE=pt', 'pt'],
    ['theme=dark; NEXT_LOCALE=en; other=1', 'en'],
    ['theme=dark;NEXT_LOCALE=en', 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(localeFromCookieHeader(header)).toBe(locale);
  });

  it('lets the first of duplicate cookies decide, whatever the later ones say', () => {
    expect(localeFromCookieHeader('NEXT_LOCALE=pt; NEXT_LOCALE=en')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE=en; NEXT_LOCALE=pt')).toBe('en');
    // Two Cookie headers arrive joined with '; ' (Node and nginx both do so).
    expect(localeFromCookieHeader(['NEXT_LOCALE=pt', 'NEXT_LOCALE=en'].join('; '))).toBe('pt');
    // A first value that is no language means the default, even when a later one is valid.
    expect(localeFromCookieHeader('NEXT_LOCALE=fr; NEXT_LOCALE=en')).toBe('pt');
  });

  it('ignores spaces and tabs around names and values', () => {
    expect(localeFromCookieHeader('NEXT_LOCALE =en')).toBe('en');
    expect(localeFromCookieHeader(' NEXT_LOCALE\t= en ')).toBe('en');
    expect(localeFromCookieHeader('NEXT_LOCALE = pt ; NEXT_LOCALE=en')).toBe('pt');
    expect(localeFromCookieHeader('a=1;   NEXT_LOCALE=en  ;b=2')).toBe('en');
  });

  it('matches the name case-sensitively: other spellings are other cookies', () => {
    expect(localeFromCookieHeader('next_locale=en')).toBe('pt');
    expect(localeFromCookieHeader('Next_Locale=en; NEXT_LOCALE=pt')).toBe('pt');
    expect(localeFromCookieHeader('next_locale=pt; NEXT_LOCALE=en')).toBe('en');
  });

  it('takes values literally and treats junk as the default language', () => {
    expect(localeFromCookieHeader('NEXT_LOCALE=EN')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE=%65n')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE="en"')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE=en=1')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE=')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE')).toBe('pt');
    expect(localeFromCookieHeader(';;;=;NEXT_LOCALE')).toBe('pt');
  });

  it('does not take a cookie whose name merely contains NEXT_LOCALE', () => {
    expect(localeFromCookieHeader('XNEXT_LOCALE=en')).toBe('pt');
    expect(localeFromCookieHeader('NEXT_LOCALE_OLD=en')).toBe('pt');
    expect(localeFromCookieHeader('a=NEXT_LOCALE=en')).toBe('pt');
  });

  it('skips a pair without "=" and reads the next one', () => {
    expect(localeFromCookieHeader('NEXT_LOCALE; NEXT_LOCALE=en')).toBe('en');
  });
});

describe('localeCookieValue', () => {
  it('gives the raw first value, or undefined when the cookie is absent', () => {
    expect(localeCookieValue('NEXT_LOCALE= fr ; NEXT_LOCALE=en')).toBe('fr');
    expect(localeCookieValue('theme=dark')).toBeUndefined();
    expect(localeCookieValue(undefined)).toBeUndefined();
  });
});

import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from './config';

/**
 * The one rule for reading the language from a request's Cookie header, shared by the app
 * (proxy.ts) and the edge cache (deploy/nginx/anime-master.conf, its `map $http_cookie`), so the
 * language a page is rendered in and the language it is cached under can never disagree:
 *
 * - the header is a list of `name=value` pairs separated by `;` (several Cookie headers count as
 *   one, joined with `; `); a pair without `=` is no cookie;
 * - spaces and tabs around a name and around a value are ignored; names are case-sensitive;
 * - the FIRST pair named exactly NEXT_LOCALE decides: its value, taken literally (no
 *   percent-decoding), is the language when it is `pt` or `en`, and anything else means the default
 *   language. A later NEXT_LOCALE pair never counts.
 */
const SPACE = /^[ \t]+|[ \t]+$/g;

/** The value of the first NEXT_LOCALE cookie (trimmed), or undefined when there is none. */
export function localeCookieValue(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    if (pair.slice(0, at).replace(SPACE, '') === LOCALE_COOKIE) return pair.slice(at + 1).replace(SPACE, '');
  }
  return undefined;
}

/** The language a request's Cookie header asks for, by the rule above. */
export function localeFromCookieHeader(header: string | null | undefined): Locale {
  const value = localeCookieValue(header);
  return isLocale(value) ? value : defaultLocale;
}

import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, isLocale, type Locale } from './config';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Browser-side: persist the choice in the cookie (read by the server) and localStorage. */
export function persistLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage full or blocked: the cookie alone still carries the choice.
  }
}

export function readCookieLocale(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`));
  const value = match?.[1];
  return isLocale(value) ? value : null;
}

export function readStoredLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Interface languages (SPEC §9): pt is the default, en the other. */
export const locales = ['pt', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pt';

/** Cookie read by server rendering; the same value is mirrored in localStorage. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** localStorage key for the language setting (SPEC §3: "under a product key"). */
export const LOCALE_STORAGE_KEY = 'anime-master-language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** BCP 47 tag for `<html lang>` and Intl formatting. */
export const htmlLang: Record<Locale, string> = { pt: 'pt-BR', en: 'en' };

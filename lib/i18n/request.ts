import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale } from './config';

// No locale prefix in URLs (routes stay exactly as SPEC §2 lists them): proxy.ts rewrites each page
// request to /{locale}/… from the NEXT_LOCALE cookie, and the [locale] segment hands the locale to
// next-intl (setRequestLocale), so pages render statically per language without reading cookies.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: 'UTC',
  };
});

import type { MetadataRoute } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { htmlLang, LOCALE_COOKIE } from '@/lib/i18n/config';
import { localeFromCookieHeader } from '@/lib/i18n/locale-cookie';

/**
 * The web app manifest (/manifest.webmanifest): what a browser needs to install the app. In the
 * visitor's language, read from the NEXT_LOCALE cookie by the server's rule (the proxy does not
 * run for this file). Colours are the dark theme's background (app/globals.css --bg): the splash
 * screen and the title bar of the installed app. Icons: scripts/make-icons.mjs, from app/icon.svg.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const cookie = (await cookies()).get(LOCALE_COOKIE);
  const locale = localeFromCookieHeader(cookie ? `${LOCALE_COOKIE}=${cookie.value}` : null);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    id: '/',
    name: t('title'),
    short_name: t('title'),
    description: t('description'),
    lang: htmlLang[locale],
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0c0c14',
    background_color: '#0c0c14',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

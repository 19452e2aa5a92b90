import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { LazyBackground } from '@/components/layout/lazy-background';
import { EarlyErrors } from '@/components/layout/early-errors';
import { SkipLink } from '@/components/layout/skip-link';
import { ThemeScript } from '@/components/theme/theme-script';
import { siteUrl } from '@/lib/env';
import { pickLayoutMessages } from '@/lib/i18n/client-messages';
import { htmlLang, isLocale } from '@/lib/i18n/config';
import { inter } from '../fonts';
import '../globals.css';

/**
 * The root layout, one per interface language. URLs carry no locale: proxy.ts rewrites every page
 * request to /{locale}/… from the NEXT_LOCALE cookie, so each language is rendered and cached on
 * its own while the address bar shows the routes of SPEC §2.
 */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    // Shared previews need absolute URLs: the site's public address (lib/env.ts siteUrl).
    metadataBase: new URL(siteUrl()),
    title: { default: t('title'), template: t('titleTemplate') },
    description: t('description'),
    applicationName: t('title'),
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f7f7fb' },
    { media: '(prefers-color-scheme: dark)', color: '#0c0c14' },
  ],
};

export default async function LocaleLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const messages = pickLayoutMessages(await getMessages());
  return (
    // ThemeScript sets the theme's class before paint; the mismatch warning is expected on <html>.
    <html lang={htmlLang[locale]} dir="ltr" className={inter.variable} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col bg-bg text-fg">
        <ThemeScript />
        <EarlyErrors />
        <NextIntlClientProvider locale={locale} messages={messages}>
          <SkipLink />
          <Header />
          <LazyBackground />
          <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <Footer />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

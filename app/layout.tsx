import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { GlobalErrorLogger } from '@/components/layout/global-error-logger';
import { SkipLink } from '@/components/layout/skip-link';
import { SeasonReleaseWatcher } from '@/components/notifications/season-release-watcher';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { pickClientMessages } from '@/lib/i18n/client-messages';
import { htmlLang } from '@/lib/i18n/config';
import { inter } from './fonts';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
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

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const messages = pickClientMessages(await getMessages());
  return (
    // next-themes sets the class before paint; the mismatch warning is expected on <html>.
    <html lang={htmlLang[locale]} className={inter.variable} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col bg-bg text-fg">
        <NextIntlClientProvider messages={messages}>
          <ThemeProvider>
            <SkipLink />
            <Header />
            <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <Footer />
            <Toaster />
            <GlobalErrorLogger />
            <SeasonReleaseWatcher />
          </ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickScopedMessages, type ScopedNamespace } from '@/lib/i18n/client-messages';
import type { Locale } from '@/lib/i18n/config';

/**
 * Gives one route's client components the extra namespaces they need (on top of the site-wide
 * client ones), so those strings ship only with that route.
 */
export async function ScopedMessages({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: readonly ScopedNamespace[];
  children: React.ReactNode;
}) {
  const messages = pickScopedMessages(await getMessages({ locale }), namespaces);
  return (
    <NextIntlClientProvider locale={locale} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}

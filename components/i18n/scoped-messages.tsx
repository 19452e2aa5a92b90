import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickScopedMessages, type ScopedNamespace } from '@/lib/i18n/client-messages';

/**
 * Gives one route's client components the extra namespaces they need (on top of the site-wide
 * client ones), so those strings ship only with that route.
 */
export async function ScopedMessages({
  namespaces,
  children,
}: {
  namespaces: readonly ScopedNamespace[];
  children: React.ReactNode;
}) {
  const messages = pickScopedMessages(await getMessages(), namespaces);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}

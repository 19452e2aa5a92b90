import { getMessages } from 'next-intl/server';
import { pickRouteMessages, type MessagesRoute } from '@/lib/i18n/client-messages';
import type { Locale } from '@/lib/i18n/config';
import { AddedMessages } from './added-messages';

/**
 * Gives one route's client components the namespaces they need on top of the layout's
 * (lib/i18n/client-messages.ts ROUTE_NAMESPACES), so those strings ship only with that route.
 */
export async function ScopedMessages({
  locale,
  route,
  children,
}: {
  locale: Locale;
  route: MessagesRoute;
  children: React.ReactNode;
}) {
  const messages = pickRouteMessages(await getMessages({ locale }), route);
  return <AddedMessages messages={messages}>{children}</AddedMessages>;
}

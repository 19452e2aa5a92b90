import type { Messages } from 'next-intl';

/**
 * Message namespaces client code can render (`useTranslations`/`useMessages` in components that
 * run in the browser). Only these travel to the browser; server components read the rest on the
 * server. client-messages.test.ts fails when a hook names a namespace missing here.
 */
export const CLIENT_NAMESPACES = [
  'AccessBadge',
  'AccountTab',
  'AuthErrors',
  'Adult',
  'AdultDetail',
  'AnimeCard',
  'BackLink',
  'Carousel',
  'Common',
  'DetailError',
  'Episodes',
  'DataTab',
  'ErrorBoundary',
  'Explore',
  'Header',
  'Labels',
  'Languages',
  'Lists',
  'MyRatings',
  'PrivacyTab',
  'Notifications',
  'Rating',
  'OfflineBadge',
  'SearchBar',
  'SearchPage',
  'Share',
  'ShareReview',
  'Synopsis',
  'Theme',
  'Toasts',
  'Trailer',
  'View',
  'WatchList',
  'Schedule',
] as const satisfies readonly (keyof Messages)[];

export type ClientNamespace = (typeof CLIENT_NAMESPACES)[number];

/**
 * Namespaces only one route's client components need. They travel only with that route, through
 * <ScopedMessages> (components/i18n/scoped-messages.tsx), so every other page's HTML stays lean.
 */
export const SCOPED_CLIENT_NAMESPACES = ['Settings', 'TestPage'] as const satisfies readonly (keyof Messages)[];

export type ScopedNamespace = (typeof SCOPED_CLIENT_NAMESPACES)[number];

export function pickScopedMessages<N extends ScopedNamespace>(
  messages: Messages,
  namespaces: readonly N[],
): Pick<Messages, ClientNamespace | N> {
  return {
    ...pickClientMessages(messages),
    ...Object.fromEntries(namespaces.map((name) => [name, messages[name]])),
  } as Pick<Messages, ClientNamespace | N>;
}

export function pickClientMessages(messages: Messages): Pick<Messages, ClientNamespace> {
  return Object.fromEntries(CLIENT_NAMESPACES.map((name) => [name, messages[name]])) as Pick<
    Messages,
    ClientNamespace
  >;
}

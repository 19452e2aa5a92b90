import type { Messages } from 'next-intl';

/**
 * Which message namespaces travel to the browser, and with which pages. Client code reads
 * messages with `useTranslations`/`useMessages`; server components read the rest on the server.
 *
 * - LAYOUT_NAMESPACES go with every page (the root layout's provider): the header, the toasts,
 *   the notifications and the error, loading and not-found screens rendered outside a page.
 * - ROUTE_NAMESPACES go only with their route, added on top of those by <ScopedMessages>
 *   (components/i18n/scoped-messages.tsx), so a page ships the strings it can show.
 *
 * client-messages.test.ts follows each route's imports and fails when a client component of it
 * asks for a namespace its route does not ship.
 */
export const LAYOUT_NAMESPACES = [
  'AccessBadge',
  'AuthErrors',
  'Common',
  'DetailError',
  'ErrorBoundary',
  'Header',
  'Labels',
  'Languages',
  'Lists',
  'Notifications',
  'SearchBar',
  'Theme',
  'Toasts',
  'Sync',
  'SignOut',
  'Schedule',
  'Offline',
] as const satisfies readonly (keyof Messages)[];

export const ROUTE_NAMESPACES = {
  home: ['AnimeCard', 'Carousel', 'ForYou', 'OfflineBadge'],
  explore: ['AnimeCard', 'Browse', 'Explore', 'OfflineBadge', 'View'],
  browse: ['AnimeCard', 'Browse', 'OfflineBadge', 'View'],
  people: ['Browse'],
  search: ['AnimeCard', 'Browse', 'OfflineBadge', 'SearchPage', 'View'],
  detail: [
    'Adult',
    'AdultDetail',
    'AnimeCard',
    'BackLink',
    'Episodes',
    'OfflineBadge',
    'Rating',
    'Related',
    'Share',
    'ShareReview',
    'Similar',
    'Synopsis',
    'Trailer',
    'WatchList',
  ],
  editRating: ['Rating'],
  forYou: ['AnimeCard', 'ForYou', 'OfflineBadge'],
  myRatings: ['MyRatings', 'Rating'],
  settings: ['AccountTab', 'DataTab', 'PrivacyTab', 'ProfileSettings', 'Settings', 'TrackerImport'],
  profile: ['ProfileCompare'],
  test: ['Share', 'TestPage'],
} as const satisfies Record<string, readonly (keyof Messages)[]>;

export type MessagesRoute = keyof typeof ROUTE_NAMESPACES;

/** Every namespace some client component may ask for. */
export const CLIENT_NAMESPACES: readonly (keyof Messages)[] = [
  ...new Set([...LAYOUT_NAMESPACES, ...Object.values(ROUTE_NAMESPACES).flat()]),
];

function pick<N extends keyof Messages>(messages: Messages, namespaces: readonly N[]): Pick<Messages, N> {
  return Object.fromEntries(namespaces.map((name) => [name, messages[name]])) as Pick<Messages, N>;
}

/** The messages every page ships. */
export function pickLayoutMessages(messages: Messages) {
  return pick(messages, LAYOUT_NAMESPACES);
}

/** The messages one route adds to the layout's (none the layout already ships). */
export function pickRouteMessages(messages: Messages, route: MessagesRoute) {
  const layout: readonly string[] = LAYOUT_NAMESPACES;
  return pick(
    messages,
    ROUTE_NAMESPACES[route].filter((name) => !layout.includes(name)),
  );
}

/** The app's routes (SPEC §2), in one place so links and tests agree. */
export const routes = {
  home: '/',
  explore: '/explore',
  schedule: '/schedule',
  browse: '/browse',
  season: '/season',
  forYou: '/for-you',
  settings: '/settings',
  search: '/search',
  myRatings: '/my-ratings',
  planToWatch: '/plan-to-watch',
  watching: '/watching',
  completed: '/completed',
  onHold: '/on-hold',
  dropped: '/dropped',
  test: '/test',
  anime: (id: number) => `/anime/${id}`,
  animeEdit: (id: number) => `/anime/${id}/edit`,
  person: (id: number) => `/people/${id}`,
} as const;

/** 'Minhas Listas' menu entries in the order SPEC §2 gives them (Header). */
export const listMenuItems = [
  { href: routes.watching, key: 'watching' },
  { href: routes.completed, key: 'completed' },
  { href: routes.planToWatch, key: 'planToWatch' },
  { href: routes.onHold, key: 'onHold' },
  { href: routes.dropped, key: 'dropped' },
] as const;

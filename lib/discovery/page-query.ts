import { REVIEW_OPINION_PARAM, REVIEW_SCORE_PARAM } from '@/lib/share/review-link';
import {
  BROWSE_PARAMS,
  browseParamsFromQuery,
  browseQuery,
  parseBrowseParams,
  seasonAt,
  seasonPathSegments,
} from './browse-params';

/**
 * The query parameters each page reads (SPEC §2): /explore?tab&view&page, /search?q&sort&view&page,
 * /settings?tab, /browse's filters (browse-params.ts), /season/{year}/{season}?page&view and the
 * review link's s and o. Every other parameter, on these pages or any
 * other, changes nothing on screen, yet each distinct one would be a new cached page (render
 * time and cache space): proxy.ts redirects to the address with the known ones only.
 */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/explore': ['tab', 'view', 'page'],
  '/search': ['q', 'sort', 'view', 'page'],
  '/settings': ['tab'],
  '/browse': BROWSE_PARAMS,
  '/season': ['year', 'season'],
};
/** /season/{year}/{season}'s own parameters. */
const SEASON_PARAMS = ['page', 'view'] as const;
/**
 * Next's own parameter on the router's data requests (a cache buster, `?_rsc=…`): every page keeps
 * it, or the router's prefetches and navigations would be redirected forever.
 */
const ROUTER_PARAMS = ['_rsc'] as const;
const REVIEW_PATH = /^\/anime\/[^/]+\/review\/?$/;
const REVIEW_PARAMS = [REVIEW_SCORE_PARAM, REVIEW_OPINION_PARAM] as const;

function knownParams(pathname: string): readonly string[] {
  if (REVIEW_PATH.test(pathname)) return [...REVIEW_PARAMS, ...ROUTER_PARAMS];
  if (seasonPathSegments(pathname)) return [...SEASON_PARAMS, ...ROUTER_PARAMS];
  return [...(PAGE_PARAMS[pathname] ?? []), ...ROUTER_PARAMS];
}

/**
 * The query string (with its '?', or '') of the page at `pathname` with only the parameters it
 * reads, each once (the first value, as the page reads it), in the order given; null when nothing
 * would be dropped, so the address is served as it is.
 */
export function cleanPageSearch(pathname: string, search: string): string | null {
  if (search === '' || search === '?') return null;
  if (pathname === '/browse') return canonicalBrowseSearch(search);
  const known = knownParams(pathname);
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of given) {
    if (known.includes(name) && !kept.has(name)) kept.append(name, value);
  }
  // Nothing dropped: the address stays as sent (its own spelling of the values included).
  if (kept.size === given.size) return null;
  return kept.size > 0 ? `?${kept.toString()}` : '';
}

/**
 * /browse's one address per result set (browse-params.ts): the filter form's submission (every
 * field, empty ones too, each genre apart) or a hand-made link goes to the canonical query, with
 * the router's own parameter kept; null when the address is canonical already.
 */
function canonicalBrowseSearch(search: string): string | null {
  const given = new URLSearchParams(search);
  const canonical = new URLSearchParams(
    browseQuery(parseBrowseParams(browseParamsFromQuery(given), seasonAt(new Date()))),
  );
  for (const name of ROUTER_PARAMS) {
    const value = given.get(name);
    if (value !== null) canonical.set(name, value);
  }
  const text = canonical.toString().replace(/%2C/g, ',');
  const asGiven = search.startsWith('?') ? search.slice(1) : search;
  if (text === asGiven) return null;
  return text ? `?${text}` : '';
}

import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { serverEnv } from '@/lib/env';
import { serverLog } from './log';
import { MemoryBuckets, SharedBudget } from './budget-store';
import { AppError } from './errors';
import { processState } from './process-state';
import { withRequestPriority } from './priority-limiter';
import { getRedis } from './redis';

const log = serverLog('budget');

/**
 * Budgets of requests that would call the anime database. The server's own limiter
 * (rate-limiter.ts) keeps Jikan's quota for everyone; without these, one client sending random
 * searches, or a crawl of random anime ids, spends that whole quota and every other visitor waits
 * or fails. Only a request that would start an upstream call is charged. Cached answers (fresh or
 * stale), joining a call already in flight, and ids known not to exist are free.
 *
 * - API routes (app/api, /api/streaming/episodes included) run their work inside
 *   `withClientBudget(request, …)`: each client has CLIENT_MISS_BURST requests per window, at
 *   CLIENT_MISS_PER_MINUTE on average.
 * - Server pages render for nobody in particular (cached renders, no request), so the anime page's
 *   data load runs inside `withPageMissBudget(…)`: page misses share one budget for all visitors,
 *   PAGE_MISS_BURST at PAGE_MISS_PER_MINUTE, so a crawl of unknown ids takes at most that share of
 *   the quota. Over it, a page with a stored copy answers that copy, and one without fails as any
 *   page whose data cannot be had right now.
 *
 * lib/jikan's `jikanGet` calls `chargeClientMiss()` right before it would start a call. Every
 * budget lives in Redis when REDIS_URL is set (budget-store.ts): one client, one budget, whatever
 * instance answers; each instance's memory stands in while Redis fails.
 */

/**
 * Who is asking, named by the proxies this server is configured to trust (TRUSTED_PROXY_HOPS).
 *
 * Each trusted proxy appends the address it received the request from to X-Forwarded-For (nginx:
 * `$proxy_add_x_forwarded_for`; Vercel's edge writes the client address itself). With N trusted
 * hops the client is the N-th entry from the right: whatever stands to its left came from the
 * client and may be forged, so it is never read.
 *
 * With 0 hops (the app faces the network: `npm start`, `next start`) no header can name the client.
 * Next's server writes the socket address into X-Forwarded-For only when the request carries none
 * (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in next/dist/server/base-server.js),
 * and route handlers see no socket: a client's own header would stand where the address should
 * be. Every request is then one client (UNKNOWN_CLIENT), so rotating forged addresses buys nothing
 * and the budget bounds the whole server's cache misses. docs/decisions/client-address.md.
 */
export const UNKNOWN_CLIENT = 'unknown-client';
const CLIENT_ID = /^[0-9A-Za-z:._-]{1,64}$/;

export function clientKeyOf(
  request: Request | { headers: Headers },
  trustedHops = serverEnv().TRUSTED_PROXY_HOPS,
): string {
  if (trustedHops < 1) return UNKNOWN_CLIENT;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request did not come through all of them.
  const client = hops.length >= trustedHops ? hops[hops.length - trustedHops] : undefined;
  return client && CLIENT_ID.test(client) ? addressKey(client) : UNKNOWN_CLIENT;
}

/**
 * The budget key of an address. An IPv6 client usually holds a whole /64 (a phone, a home), and
 * can pick any address inside it: keyed by its full address, it would have 2^64 budgets. IPv6
 * addresses are keyed by their /64 prefix; an IPv4 address written as IPv6 (::ffff:a.b.c.d) is
 * that IPv4 address. Anything else is kept as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail, extra] = address.toLowerCase().split('::');
  if (extra !== undefined) return address;
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail ?? '');
  // An embedded IPv4 tail (…:1.2.3.4) stands for two groups.
  const size = [...left, ...right].reduce((total, group) => total + (group.includes('.') ? 2 : 1), 0);
  if (tail === undefined ? size !== 8 : size > 7) return address;
  const full = [...left, ...Array.from({ length: 8 - size }, () => '0'), ...right];
  const prefix = full.slice(0, 4);
  if (!prefix.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${prefix.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

interface BudgetContext {
  client: string;
  budget: () => SharedBudget;
}

/** Token buckets in this process's memory (budget-store.ts). */
export { MemoryBuckets as ClientBudget };

/** The one key of the page-miss budget: a cached page is rendered for no one visitor. */
export const PAGE_MISS_CLIENT = 'pages';

// Process-wide (process-state.ts): Next bundles this module into several bundles of one process,
// and they must share the budget's connection and the request context.
const moduleState = () =>
  processState<{
    clientBudget?: SharedBudget;
    pageBudget?: SharedBudget;
    unknownPageBudget?: SharedBudget;
    budgetContext?: AsyncLocalStorage<BudgetContext>;
  }>('client-budget', () => ({}));

function context(): AsyncLocalStorage<BudgetContext> {
  const state = moduleState();
  state.budgetContext ??= new AsyncLocalStorage<BudgetContext>();
  return state.budgetContext;
}

/** The budget of cache misses: in Redis when REDIS_URL is set (one per client for all instances). */
export function getClientBudget(): SharedBudget {
  const state = moduleState();
  if (!state.clientBudget) {
    const { CLIENT_MISS_BURST, CLIENT_MISS_PER_MINUTE } = serverEnv();
    state.clientBudget = new SharedBudget({
      name: 'client-miss',
      burst: CLIENT_MISS_BURST,
      perMinute: CLIENT_MISS_PER_MINUTE,
      redis: getRedis(),
    });
  }
  return state.clientBudget;
}

/** The budget of page misses, for all visitors together (shared through Redis like the other). */
export function getPageMissBudget(): SharedBudget {
  const state = moduleState();
  if (!state.pageBudget) {
    const { PAGE_MISS_BURST, PAGE_MISS_PER_MINUTE } = serverEnv();
    state.pageBudget = new SharedBudget({
      name: 'page-miss',
      burst: PAGE_MISS_BURST,
      perMinute: PAGE_MISS_PER_MINUTE,
      redis: getRedis(),
    });
  }
  return state.pageBudget;
}

/** Runs `fn` (an API route's work) charging upstream calls it starts to the request's client. */
export function withClientBudget<T>(request: Request, fn: () => Promise<T>): Promise<T> {
  // A background job's request (the offline kit, a notification check) waits behind people's.
  return withRequestPriority(request, () =>
    context().run({ client: clientKeyOf(request), budget: getClientBudget }, fn),
  );
}

/**
 * Runs `fn` (a server page's data load for anime `id`) charging upstream calls it starts to the
 * budget of page misses. An id this server does not know as an anime (`known` answers false when
 * a call is about to start: not in the catalogue, never seen in a listing or record) takes from a
 * budget of its own (UNKNOWN_PAGE_BURST, UNKNOWN_PAGE_PER_MINUTE), so made-up ids never spend
 * what real anime need. Ids Jikan says do not exist are remembered and cost nothing afterwards.
 */
export function withPageMissBudget<T>(known: () => boolean, fn: () => Promise<T>): Promise<T> {
  const budget = () => (known() ? getPageMissBudget() : getUnknownPageBudget());
  return context().run({ client: PAGE_MISS_CLIENT, budget }, fn);
}

/** The budget of page misses for ids nobody knows as an anime, all visitors together. */
export function getUnknownPageBudget(): SharedBudget {
  const state = moduleState();
  if (!state.unknownPageBudget) {
    const { UNKNOWN_PAGE_BURST, UNKNOWN_PAGE_PER_MINUTE } = serverEnv();
    state.unknownPageBudget = new SharedBudget({
      name: 'unknown-page',
      burst: UNKNOWN_PAGE_BURST,
      perMinute: UNKNOWN_PAGE_PER_MINUTE,
      redis: getRedis(),
    });
  }
  return state.unknownPageBudget;
}

function refusal(waitMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/**
 * Called right before an upstream call would start. Outside `withClientBudget` (server pages,
 * background refreshes) it does nothing; inside, it takes one request from the client's budget or
 * throws TOO_MANY_REQUESTS with the seconds until the client may ask again.
 */
export async function chargeClientMiss(): Promise<void> {
  const current = context().getStore();
  if (!current) return;
  const waitMs = await current.budget().take(current.client);
  if (waitMs > 0) {
    const error = refusal(waitMs);
    const budget = current.client === PAGE_MISS_CLIENT ? 'page misses' : 'client misses';
    log.info({ budget, retryAfterSeconds: error.retryAfterSeconds }, 'budget refused a call');
    throw error;
  }
}

/** Runs `fn` outside any client's budget (a background refresh belongs to no visitor). */
export function withoutClientBudget<T>(fn: () => T): T {
  return context().exit(fn);
}

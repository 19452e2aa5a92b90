import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import { serverEnv } from '@/lib/env';
import { AppError } from './errors';
import { processState } from './process-state';

/**
 * Per-client budget of API requests that would call the anime database. The server's own limiter
 * (rate-limiter.ts) keeps Jikan's quota for everyone; without this, one client sending random
 * searches spends that whole quota and every other visitor waits or fails. Each client gets a
 * bucket of CLIENT_MISS_BURST tokens refilled at CLIENT_MISS_PER_MINUTE; only a request that
 * would start an upstream call takes a token. Cached answers (fresh or stale), joining a call
 * already in flight, and ids known not to exist are free.
 *
 * Where it applies: app/api routes run their work inside `withClientBudget(request, …)`, and
 * lib/jikan's `jikanGet` calls `chargeClientMiss()` right before it would start a call. Server
 * pages run outside any budget context and are not charged: they render for everyone and are
 * cached renders, so they are bounded by the server limiter alone, while the API
 * routes are what a script hammers with arbitrary parameters.
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

export function clientKeyOf(request: Request, trustedHops = serverEnv().TRUSTED_PROXY_HOPS): string {
  if (trustedHops < 1) return UNKNOWN_CLIENT;
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request did not come through all of them.
  const client = hops.length >= trustedHops ? hops[hops.length - trustedHops] : undefined;
  return client && CLIENT_ID.test(client) ? client : UNKNOWN_CLIENT;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A token bucket per client key, kept for the most recent 10 000 clients. */
export class ClientBudget {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 10_000 });

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
  ) {}

  get enabled(): boolean {
    return this.burst > 0 && this.perMinute > 0;
  }

  /** Takes one token; answers 0 when granted, else the milliseconds until a token is back. */
  take(client: string, now = Date.now()): number {
    if (!this.enabled) return 0;
    const msPerToken = 60_000 / this.perMinute;
    const bucket = this.buckets.get(client) ?? { tokens: this.burst, updatedAt: now };
    const refilled = Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.updatedAt) / msPerToken);
    if (refilled >= 1) {
      this.buckets.set(client, { tokens: refilled - 1, updatedAt: now });
      return 0;
    }
    this.buckets.set(client, { tokens: refilled, updatedAt: now });
    return Math.ceil((1 - refilled) * msPerToken);
  }
}

interface BudgetContext {
  client: string;
}

// Process-wide (process-state.ts): Next bundles this module into several bundles of one process,
// and they must share the buckets and the request context.
const state = processState<{
  clientBudget?: ClientBudget;
  budgetContext?: AsyncLocalStorage<BudgetContext>;
}>('client-budget', () => ({}));

function context(): AsyncLocalStorage<BudgetContext> {
  state.budgetContext ??= new AsyncLocalStorage<BudgetContext>();
  return state.budgetContext;
}

export function getClientBudget(): ClientBudget {
  if (!state.clientBudget) {
    const { CLIENT_MISS_BURST, CLIENT_MISS_PER_MINUTE } = serverEnv();
    state.clientBudget = new ClientBudget(CLIENT_MISS_BURST, CLIENT_MISS_PER_MINUTE);
  }
  return state.clientBudget;
}

/** Runs `fn` (an API route's work) charging upstream calls it starts to the request's client. */
export function withClientBudget<T>(request: Request, fn: () => Promise<T>): Promise<T> {
  return context().run({ client: clientKeyOf(request) }, fn);
}

/**
 * Called right before an upstream call would start. Outside `withClientBudget` (server pages,
 * background refreshes) it does nothing; inside, it takes a token or throws TOO_MANY_REQUESTS
 * with the seconds until the client's next token.
 */
export function chargeClientMiss(): void {
  const current = context().getStore();
  if (!current) return;
  const waitMs = getClientBudget().take(current.client);
  if (waitMs > 0) {
    throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
}

/** Runs `fn` outside any client's budget (a background refresh belongs to no visitor). */
export function withoutClientBudget<T>(fn: () => T): T {
  return context().exit(fn);
}

/** Test-only: forget every bucket and re-read the budget from env on next use. */
export function resetClientBudgetForTests(): void {
  state.clientBudget = undefined;
}

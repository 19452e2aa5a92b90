/**
 * Process-wide state: the data layer's caches, queues, connections and memories, one of each per
 * server process.
 *
 * Next bundles a module into several bundles of one process (pages, route handlers, proxy.ts),
 * and a dev reload evaluates modules again: a module-level variable would be one copy per bundle
 * (and per reload). So each module keeps its state in one object here, created on first use and
 * then found by every bundle's copy of the module, because the registry lives on globalThis under
 * a single symbol.
 *
 * A module makes its state with a factory (`createX…`) and looks its object up here at each use,
 * never keeping it in a module-level variable: a process started anew (a test's, through
 * test/support/process.ts, which swaps in an empty registry) is then seen by every module at once.
 * docs/decisions/process-state-factories.md.
 */

/** The modules that keep process-wide state, one key each (a key names one module's object). */
export type ProcessStateKey =
  /** lib/server/redis.ts: the Redis connection. */
  | 'redis'
  /** lib/server/cache.ts: the response cache and the single-flight table. */
  | 'cache'
  /** lib/env.ts: the server settings, read once from the environment. */
  | 'env'
  /** lib/server/rate-limiter.ts: the limiter of calls to the anime database. */
  | 'rate-limiter'
  /** lib/server/priority-limiter.ts: the priority of the calls being made. */
  | 'call-priority'
  /** lib/server/client-budget.ts: each client's budget of cache misses. */
  | 'client-budget'
  /** lib/server/image-budget.ts: each client's budget of preview-card renders. */
  | 'image-budget'
  /** lib/server/render-cache.ts: listings a page has rendered well. */
  | 'render-cache'
  /** lib/jikan/client.ts: known misses, failed refreshes, queue turns. */
  | 'jikan-client'
  /** lib/jikan/index.ts: ids found for titles. */
  | 'jikan'
  /** lib/catalogue/index.ts: the offline catalogue and its enrichments. */
  | 'catalogue'
  /** lib/streaming/index.ts: provider health and episode lists. */
  | 'streaming'
  /** lib/streaming/by-anime.ts: episode lists by anime id. */
  | 'streaming-by-anime'
  /** lib/translate/index.ts: translations. */
  | 'translate'
  /** lib/tracker-import/upstream.ts: the pace and back-off of calls to AniList and Kitsu. */
  | 'tracker-limiters'
  /** lib/translate/synopsis.ts: Portuguese synopses. */
  | 'synopsis'
  /** lib/records/index.ts: the durable store's write queue. */
  | 'records'
  /** lib/server/health.ts: when the anime database last answered. */
  | 'health'
  /** lib/server/background.ts: work still running after its answer. */
  | 'background'
  /** lib/server/log.ts: the server's logger and the request id of the work in progress. */
  | 'log'
  /** lib/jikan/learn.ts: what was learnt about records and ids. */
  | 'learn'
  /** lib/library/route-helpers.ts: each account's budget of library writes. */
  | 'library-budget'
  /** lib/library/store.ts: when each account's tombstones were last compacted. */
  | 'library-compaction'
  /** lib/db/index.ts: the database and its snapshots. */
  | 'db'
  /** lib/firebase/admin.ts: the Firebase Admin SDK's Auth. */
  | 'firebase-admin';

const REGISTRY = Symbol.for('anime-master.process-state');

function registry(): Map<ProcessStateKey, object> {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Map<ProcessStateKey, object> };
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/**
 * The state object of the module named by `key`, made by `init` the first time any bundle asks.
 * Its fields are the module's process-wide values. Look it up at each use (see above).
 */
export function processState<T extends object>(key: ProcessStateKey, init: () => T): T {
  const states = registry();
  let state = states.get(key);
  if (!state) {
    state = init();
    states.set(key, state);
  }
  return state as T;
}

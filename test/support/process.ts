import type { ProcessStateKey } from '@/lib/server/process-state';

/**
 * A fresh server process for a test, as far as the modules' state goes (lib/server/process-state.ts).
 * Every module looks its state up in one registry on globalThis at each use; a test swaps in an
 * empty registry, and each module makes a fresh state with its own factory on next use (reading
 * the settings of process.env again). A test that built an instance itself passes it in with
 * `provideProcessState`.
 */

const REGISTRY = Symbol.for('anime-master.process-state');

type Holder = typeof globalThis & { [REGISTRY]?: Map<ProcessStateKey, object> };

function registry(): Map<ProcessStateKey, object> {
  const holder = globalThis as Holder;
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** What a state may hold open: the Redis connection is closed when its process is left. */
function close(state: object | undefined): void {
  const redis = (state as { redis?: { disconnect(): void } } | undefined)?.redis;
  redis?.disconnect();
}

/**
 * Starts a fresh process: with no `keys`, every module's state; else only the named modules'
 * (`freshProcess('env')` after changing process.env, say).
 */
export function freshProcess(...keys: ProcessStateKey[]): void {
  const states = registry();
  if (keys.length === 0) {
    close(states.get('redis'));
    (globalThis as Holder)[REGISTRY] = new Map();
    return;
  }
  for (const key of keys) {
    if (key === 'redis') close(states.get(key));
    states.delete(key);
  }
}

/** Makes `state` (built by the module's factory in the test) the state of module `key`. */
export function provideProcessState<T extends object>(key: ProcessStateKey, state: T): T {
  registry().set(key, state);
  return state;
}

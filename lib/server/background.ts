import { after } from 'next/server';
import { serverLog } from './log';
import { processState } from './process-state';

/**
 * Work that outlives the answer (a record write, a background refresh, a catalogue save) starts
 * at once and is handed to Next's `after()`: the platform keeps the function alive until it ends
 * (a serverless function freezes once it has answered), and `next start` waits for it as well.
 *
 * `after()` only works inside a request scope (a render, a route handler, the proxy). Outside one
 * (a startup hook, a script, a unit test, a timer), it throws; the work then simply runs on, as a
 * long-lived process runs it anyway. Either way a failure is logged, never thrown. The work starts
 * inside the caller's async context, so its log lines carry the request's id (lib/server/log.ts).
 */
const log = serverLog('background');
const state = processState<{ running: Set<Promise<void>> }>('background', () => ({ running: new Set() }));

export function runAfterResponse(label: string, work: () => Promise<unknown>): void {
  const running = (async () => {
    try {
      await work();
    } catch (error) {
      log.warn({ work: label, err: error }, 'work after the answer failed');
    }
  })();
  state.running.add(running);
  void running.finally(() => state.running.delete(running));
  try {
    after(running);
  } catch {
    // Outside a request scope: nothing to keep alive.
  }
}

/**
 * Resolves once no background work is running (a graceful stop waits for the writes queued before
 * it), or after `ms`: true when everything ended in time.
 */
export async function backgroundSettled(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (state.running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...state.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, left))),
    ]);
    clearTimeout(timer);
  }
  return true;
}

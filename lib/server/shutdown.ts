import 'server-only';
import { closeDb, stopTakingWork } from '@/lib/db';
import { serverLog } from './log';
import { backgroundSettled } from './background';

const log = serverLog('server');

/**
 * A graceful stop of `next start` (SIGTERM from systemd, start:edge or a deploy; SIGINT from a
 * terminal): stop taking database work, let the writes queued through `after()` finish (bounded),
 * then checkpoint, snapshot and close the embedded database and release its folder's lock, and
 * exit. Next lets the app own these signals when NEXT_MANUAL_SIG_HANDLE is set (`npm start`,
 * `start:edge` and the systemd unit set it); without it, Next's own handler exits as soon as its
 * `after()` work is done, possibly before the database is closed, and a warning says so.
 */

/** How long the writes under way are waited for. */
export const DRAIN_MS = 10_000;
/** The whole stop's bound: within systemd's TimeoutStopSec (20 s) in deploy/systemd. */
export const STOP_BOUND_MS = 18_000;

const installed = Symbol.for('anime-master.graceful-stop');

export interface GracefulStopOptions {
  exit?: (code: number) => void;
  drainMs?: number;
  boundMs?: number;
}

/** Runs one graceful stop; resolves with the exit code it chose. Exported for tests. */
export async function gracefulStop(
  signal: string,
  { drainMs = DRAIN_MS }: Pick<GracefulStopOptions, 'drainMs'> = {},
): Promise<number> {
  log.info({ signal }, 'stopping: finishing the pending writes, then closing the database');
  stopTakingWork();
  const drained = await backgroundSettled(drainMs);
  if (!drained) log.warn({ drainMs }, 'some background work did not end in time; stopping anyway');
  await closeDb();
  log.info('stopped cleanly');
  return 0;
}

export function installGracefulStop({
  exit = (code) => process.exit(code),
  ...options
}: GracefulStopOptions = {}): void {
  const holder = process as NodeJS.Process & { [installed]?: boolean };
  if (holder[installed]) return;
  holder[installed] = true;
  if (!process.env.NEXT_MANUAL_SIG_HANDLE && process.env.NODE_ENV === 'production') {
    log.warn(
      'NEXT_MANUAL_SIG_HANDLE is not set: on SIGTERM Next may exit before the database is closed ' +
        '(npm start, start:edge and the systemd unit set it)',
    );
  }
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return; // a second signal (a terminal sends SIGINT to the whole group)
    stopping = true;
    const bound = setTimeout(() => {
      log.error({ boundMs: options.boundMs ?? STOP_BOUND_MS }, 'the stop took too long; exiting');
      exit(1);
    }, options.boundMs ?? STOP_BOUND_MS);
    bound.unref();
    void gracefulStop(signal, options).then(exit, () => exit(1));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

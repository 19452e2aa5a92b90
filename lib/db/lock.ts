import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per data folder. PGlite keeps Postgres's shared memory inside its own process, so
 * two processes that open one folder write the same WAL from two different positions: the one that
 * wrote last overwrites the other's records (lost rows) or its checkpoint (a folder that never
 * opens again). The lock is a file in the folder naming its holder (pid, host, since when); a
 * second opener waits while the holder lives (a supervisor restart while the old process is still
 * finishing), takes the lock over when the holder is dead (a SIGKILL leaves the file behind), and
 * gives up after a bound, naming the holder. The holder touches the file every few seconds, so a
 * lock that has not been touched for a minute is stale whatever its pid says: a holder on another
 * host (a container with a new hostname on the same volume), or a pid reused after a reboot.
 */

export const LOCK_FILE = 'pglite.lock';

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export interface LockOptions {
  /** How long a live holder is waited for before giving up (ms). */
  waitMs: number;
  /** Pause between two looks at the lock (ms). */
  pollMs?: number;
  /** Whether process `pid` is alive (tests replace it). */
  isAlive?: (pid: number) => boolean;
  /** This process's id (tests replace it). */
  pid?: number;
  /** Called once when the wait starts, with the holder waited for. */
  onWait?: (holder: LockHolder) => void;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: LockHolder,
    waitedMs: number,
  ) {
    super(
      `the data folder is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); ` +
        `waited ${Math.round(waitedMs / 1000)} s for it to stop`,
    );
    this.name = 'DataDirLockedError';
  }
}

export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, host: String(parsed.host ?? ''), since: String(parsed.since ?? '') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable or half written: a holder that died while writing it.
    return { pid: -1, host: '', since: '' };
  }
}

/** Creates the lock file only if there is none (O_EXCL): true when this process now holds it. */
function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock file still unreadable after this long was left half written. */
const HALF_WRITTEN_MS = 2000;
/** How often the holder touches its lock file. */
export const HEARTBEAT_MS = 5000;
/** A lock file untouched this long has no live holder. */
export const STALE_MS = 60_000;

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock of folder `dir` (which must exist), waiting for a live holder up to `waitMs`. */
export async function lockDataDir(dir: string, options: LockOptions): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE);
  const isAlive = options.isAlive ?? processAlive;
  const pid = options.pid ?? process.pid;
  const me: LockHolder = { pid, host: hostname(), since: new Date().toISOString() };
  const started = Date.now();
  let announced = false;
  for (;;) {
    if (tryCreate(file, me)) break;
    const holder = readHolder(file);
    if (holder === null) continue; // released between the two looks
    const sameHost = !holder.host || holder.host === me.host;
    if (holder.pid === pid && sameHost) break; // this process holds it already (a reopen)
    // Unreadable: being written this very moment, or left half written by a holder that died.
    const dead =
      holder.pid <= 0
        ? olderThan(file, HALF_WRITTEN_MS)
        : olderThan(file, STALE_MS) || (sameHost && !isAlive(holder.pid));
    if (dead) {
      // A stale lock (its holder was killed): moved out of the way by one taker only, since a
      // rename of a file another taker already moved fails.
      const stale = `${file}.stale-${pid}`;
      try {
        renameSync(file, stale);
        rmSync(stale, { force: true });
      } catch {
        // Another opener took it over first: look again.
      }
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= options.waitMs) throw new DataDirLockedError(holder, waited);
    if (!announced) {
      announced = true;
      options.onWait?.(holder);
    }
    await sleep(Math.min(options.pollMs ?? 200, Math.max(1, options.waitMs - waited)));
  }
  let released = false;
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      const holder = readHolder(file);
      if (holder && holder.pid === pid) rmSync(file, { force: true });
    },
  };
}

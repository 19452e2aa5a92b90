import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * A throwaway Postgres cluster for tests and benchmarks (Debian package `postgresql`; `npm test`
 * installs it when missing, scripts/lib.mjs): initdb into a temporary folder, then `postgres` on
 * 127.0.0.1 and a free port, without fsync, removed on stop. Postgres refuses to run as root, so
 * as root it runs as the `postgres` user the Debian package creates.
 */

/** The folder of Postgres's programs: POSTGRES_BIN, else Debian's newest. */
export function postgresBinDir(): string | null {
  const candidates = [process.env.POSTGRES_BIN];
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  } catch {
    // No Debian postgresql.
  }
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')))
      return dir;
  }
  return null;
}

export const POSTGRES_MISSING =
  'Postgres not found (npm test installs it as root; otherwise: sudo apt-get install -y postgresql)';

export interface TestPostgres {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, the ids of the unprivileged `postgres` user the programs run as (spawn's uid/gid). */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (!isRoot()) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) {
    throw new Error(
      'running as root needs the unprivileged user "postgres" (apt-get install postgresql creates it)',
    );
  }
  return { uid, gid };
}

async function accepts(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startTestPostgres(timeoutMs = 60_000): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anime-master-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  const user = runAs();
  if ('uid' in user) fs.chownSync(dir, user.uid, user.gid);
  if ('uid' in user) fs.chownSync(data, user.uid, user.gid);
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
    { encoding: 'utf8', cwd: dir, ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-h',
      '127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { stdio: 'ignore', cwd: dir, ...user },
  );
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`postgres did not accept connections on ${port} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        // SIGINT is Postgres's fast shutdown.
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

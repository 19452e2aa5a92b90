import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { redisServerPath } from '../../scripts/redis-server.mjs';
import { freePort } from './ports';

/**
 * A private redis-server for tests and benchmarks (apt package `redis-server`; `npm test` installs
 * it when missing, scripts/lib.mjs): on 127.0.0.1, on a free port, with nothing saved to disk and
 * a memory bound with LRU eviction, as the README's deployment section recommends.
 */

export { freePort, redisServerPath };

/** Why Redis tests are skipped, for the skip message. */
export const REDIS_MISSING =
  'redis-server not found (npm test installs it as root; otherwise: sudo apt-get install -y redis-server)';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TestRedis {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts redis-server and resolves once it accepts connections (it fails after `timeoutMs`). */
export async function startTestRedis(port?: number, timeoutMs = 15_000): Promise<TestRedis> {
  const binary = redisServerPath();
  if (!binary) throw new Error(REDIS_MISSING);
  const chosen = port ?? (await freePort());
  const child = spawn(
    binary,
    [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '64mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(chosen))) {
    if (child.exitCode !== null)
      throw new Error(`redis-server exited with ${child.exitCode} (port ${chosen} taken?)`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not accept connections on ${chosen} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

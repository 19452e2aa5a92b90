import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The redis-server binary for tests and benchmarks: REDIS_SERVER_PATH, Debian's, or the first on
 * PATH that runs; null when none (scripts/lib.mjs ensureRedisServer installs it with apt).
 * @returns {string | null}
 */
export function redisServerPath() {
  const candidates = [
    process.env.REDIS_SERVER_PATH,
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
    ...(process.env.PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((dir) => `${dir}/redis-server`),
  ];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate) && spawnSync(candidate, ['--version']).status === 0)
      return candidate;
  }
  return null;
}

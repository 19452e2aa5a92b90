// Shared helpers for scripts/start.mjs and scripts/test.mjs: installs and builds only when needed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_FILE, writeCatalogue } from './build-catalogue.mjs';
import { redisServerPath } from './redis-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export function log(message) {
  console.log(`\x1b[35m[anime-master]\x1b[0m ${message}`);
}

/**
 * Runs a command; resolves with its exit code. Its output goes to this terminal, or, given `held`
 * (an array), into it, for a caller that prints it whole later (a step run beside another); given
 * `kept` (an array), to both.
 */
export function run(command, args, { held, kept, ...options } = {}) {
  return new Promise((resolve) => {
    const stdio = held || kept ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio, ...options });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    } else if (kept) {
      // Printed as it comes, and kept for a summary that quotes it.
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk);
        kept.push(chunk);
      });
      child.stderr.on('data', (chunk) => {
        process.stderr.write(chunk);
        kept.push(chunk);
      });
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

export function localBin(name) {
  return bin(name);
}

/** Installs the locked dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const fresh =
    existsSync(marker) && existsSync(bin('next')) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NEXT_TELEMETRY_DISABLED: '1' };
  log('Installing dependencies (npm ci)...');
  let code = await run('npm', ['ci', '--no-audit', '--no-fund'], { env });
  if (code !== 0) {
    // A registry mirror without other platforms' optional binaries (@next/swc-darwin-*, ...) makes
    // the lockfile lack them, and npm ci refuses such a lockfile; npm install keeps its versions.
    log('npm ci refused the lockfile; installing the locked versions with npm install...');
    code = await run('npm', ['install', '--no-audit', '--no-fund'], { env });
  }
  if (code !== 0) {
    console.error('Installing dependencies failed.');
    process.exit(code);
  }
}

const SOURCE_DIRS = ['app', 'components', 'lib', 'messages', 'public'];
const SOURCE_FILES = [
  'proxy.ts',
  'serwist.config.mjs',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'global.d.ts',
  'package-lock.json',
];

// The build's own output inside public/ (the service worker): not a source of the build.
const GENERATED = new Set(['public/sw.js', 'public/sw.js.map'].map((file) => path.join(root, file)));

function collect(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collect(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name) && !GENERATED.has(full)) out.push(full);
  }
}

/** A hash of everything that shapes the production build, public env included. */
export function sourceHash() {
  const files = [];
  for (const dir of SOURCE_DIRS) collect(path.join(root, dir), files);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(path.join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith('NEXT_PUBLIC_')) hash.update(`${key}=${value}`);
  }
  return hash.digest('hex');
}

const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');

const stampFile = path.join(distDir, 'anime-master-build-hash');

/** Builds when the sources changed since the last build; exits the process when the build fails. */
export async function ensureBuilt() {
  if (buildIsCurrent()) {
    log('Build is up to date.');
    return;
  }
  log('Building the app (next build)...');
  const code = await build();
  if (code !== 0) process.exit(code);
}

export function buildIsCurrent() {
  return (
    existsSync(CATALOGUE_FILE) &&
    existsSync(path.join(distDir, 'BUILD_ID')) &&
    existsSync(stampFile) &&
    existsSync(path.join(root, 'public', 'sw.js')) &&
    readFileSync(stampFile, 'utf8') === sourceHash()
  );
}

/**
 * The offline catalogue, next build, then the service worker (public/sw.js, from the build's file
 * list); records the source hash so the next start can skip it.
 */
export async function build({ held } = {}) {
  const catalogue = writeCatalogue();
  const line = `Offline catalogue: ${catalogue.records} anime (${(catalogue.bytes / 1024 / 1024).toFixed(2)} MB)`;
  if (held) held.push(`${line}\n`);
  else log(line);
  const hash = sourceHash();
  let code = await run(bin('next'), ['build'], {
    held,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (code === 0)
    code = await run(process.execPath, [path.join(root, 'scripts', 'build-worker.mjs')], { held });
  if (code === 0) {
    writeFileSync(stampFile, hash);
  }
  return code;
}

export function chromiumPath() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** apt-get install of one Debian package (root only); true when it succeeded. */
function aptInstall(pkg) {
  log(`Installing ${pkg} (apt-get install ${pkg})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) log('apt-get update failed; trying the install anyway.');
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
}

/** Debian's Chromium for the browser tests: installs it when running as root, else says how. */
export async function ensureChromium() {
  if (chromiumPath()) return chromiumPath();
  if (!isRoot()) {
    console.error(
      'Chromium is missing. Install it once with:\n  sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  if (!aptInstall('chromium') || !chromiumPath()) {
    console.error('Could not install Chromium with apt-get.');
    process.exit(1);
  }
  return chromiumPath();
}

export { redisServerPath };

/**
 * redis-server for the Redis tests (they start their own on 127.0.0.1, on a free port):
 * installed with apt when running as root; otherwise the command is printed and those tests skip,
 * saying why, while the rest of the suite runs.
 */
export function ensureRedisServer() {
  if (redisServerPath()) return redisServerPath();
  if (!isRoot() || !aptInstall('redis-server') || !redisServerPath()) {
    console.error(
      'redis-server is missing, so the Redis tests will be skipped. Install it once with:\n' +
        '  sudo apt-get update && sudo apt-get install -y redis-server',
    );
    return null;
  }
  return redisServerPath();
}

export function nginxPath() {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Debian's nginx for the edge (deploy/nginx, `npm run start:edge`, the edge tests and benchmark):
 * installed with apt when running as root, with Debian's brotli module when the release ships it;
 * otherwise the command is printed and the edge tests skip, saying why.
 */
export function ensureNginx() {
  if (nginxPath()) return nginxPath();
  if (!isRoot() || !aptInstall('nginx') || !nginxPath()) {
    console.error(
      'nginx is missing, so the edge tests will be skipped. Install it once with:\n' +
        '  sudo apt-get update && sudo apt-get install -y nginx',
    );
    return null;
  }
  // Optional: without it, nginx compresses with gzip only.
  spawnSync('apt-get', ['install', '-y', '-qq', 'libnginx-mod-http-brotli-filter'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return nginxPath();
}

/** The folder of Debian's newest Postgres programs (initdb, postgres), or null. */
export function postgresBinDir() {
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = `/usr/lib/postgresql/${version}/bin`;
      if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))) return dir;
    }
  } catch {
    // No Debian postgresql.
  }
  return null;
}

/**
 * Postgres for the library store tests (they start a throwaway cluster of their own on a free
 * port, test/support/postgres.ts): installed with apt when running as root; otherwise the command
 * is printed and those tests skip, saying why.
 */
export function ensurePostgres() {
  if (postgresBinDir()) return postgresBinDir();
  if (!isRoot() || !aptInstall('postgresql') || !postgresBinDir()) {
    console.error(
      'Postgres is missing, so the Postgres store tests will be skipped. Install it once with:\n' +
        '  sudo apt-get update && sudo apt-get install -y postgresql',
    );
    return null;
  }
  return postgresBinDir();
}

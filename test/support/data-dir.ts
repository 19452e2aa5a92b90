import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/**
 * The empty PGlite cluster this machine's tests start from, made once per PGlite version: what
 * `PGlite.create(folder)` writes into an empty folder (initdb, seconds of WebAssembly that hold a
 * server's event loop while it runs). Two test processes may make it at once: each writes its own
 * folder and renames it into place; the first one wins, the other is dropped.
 */
function emptyCluster(): string {
  const pkg = path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  // Kept across test runs: `npm test` gives each run a temporary folder of its own (TMPDIR) and
  // names the lasting one TEST_CACHE_DIR (scripts/test.mjs).
  const cache = process.env.TEST_CACHE_DIR || tmpdir();
  const template = path.join(cache, `anime-master-empty-pglite-${version}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const scratch = mkdtempSync(path.join(cache, 'anime-master-empty-pglite-scratch-'));
  const folder = path.join(scratch, 'pglite');
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { PGlite } from '@electric-sql/pglite';
       const pg = await PGlite.create(${JSON.stringify(folder)});
       await pg.query('select 1');
       await pg.close();`,
    ],
    { cwd: root, stdio: 'inherit', timeout: 180_000 },
  );
  try {
    renameSync(folder, template);
  } catch {
    // Another process put its copy in place first: the same empty cluster.
  }
  rmSync(scratch, { recursive: true, force: true });
  return template;
}

/**
 * A new data folder (DATA_DIR) for a private `next start`, holding an empty database, as a server
 * deployed for the first time creates it: a copy of the empty cluster rather than initdb in every
 * server the tests start. The app opens, locks and migrates it as it does any folder. The suite's
 * shared server (playwright.config.ts) still starts from a folder with nothing in it.
 */
export function freshDataDir(prefix = 'anime-master-data-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(emptyCluster(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

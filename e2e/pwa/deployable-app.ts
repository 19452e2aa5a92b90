import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authServerEnv } from '../auth-emulator/env.mjs';
import { startApp, stopProcess } from '../discovery/private-stack';
import { FAKE_URL } from '../support';

const root = path.resolve(__dirname, '..', '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';

/**
 * A `next start` of this build whose public/ folder is its own, so a test can deploy a new
 * version of the service worker (public/sw.js) as a new build would, without touching the
 * suite's shared server. The project folder holds links to the build and its sources and a copy
 * of public/.
 */
export interface DeployableApp {
  url: string;
  /** Writes a new public/sw.js: the served worker plus `change`, which makes it another version. */
  deployWorker(change: string): void;
  close(): Promise<void>;
}

export async function startDeployableApp(): Promise<DeployableApp> {
  const folder = mkdtempSync(path.join(tmpdir(), 'anime-master-deploy-'));
  for (const name of [
    distDir,
    '.catalogue',
    'node_modules',
    'package.json',
    'next.config.ts',
    'tsconfig.json',
    'lib',
  ]) {
    symlinkSync(path.join(root, name), path.join(folder, name));
  }
  cpSync(path.join(root, 'public'), path.join(folder, 'public'), { recursive: true });
  const worker = path.join(folder, 'public', 'sw.js');
  const firstVersion = readFileSync(worker, 'utf8');

  const { url, child } = await startApp(
    `${FAKE_URL}/jikan/v4`,
    {
      STREAMING_BASE_URLS: `${FAKE_URL}/streaming/main`,
      TRANSLATE_BASE_URL: `${FAKE_URL}/translate`,
      ...authServerEnv(),
    },
    { cwd: folder },
  );
  return {
    url,
    deployWorker(change) {
      writeFileSync(worker, `${firstVersion}\n${change}\n`);
    },
    async close() {
      await stopProcess(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

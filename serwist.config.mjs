// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serwist } from '@serwist/next/config';

/**
 * The service worker's build (Serwist's configurator mode for Next, bundler-agnostic): run by
 * scripts/build-worker.mjs after `next build`, it bundles lib/pwa/worker.ts with esbuild into
 * public/sw.js (generated, not committed) with the list of the build's files to precache.
 *
 * Precached at install: nothing (an empty manifest). A first visit does not download the build in
 * bulk: the worker keeps build files as pages load them, and the offline kit (the lists, ratings,
 * settings and offline pages with the files their HTML names) once the page asks for it, idle and
 * never within the first 25 s on a slow link (lib/pwa/offline-kit.ts, lib/pwa/cache-policy.ts).
 */
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();

export default await serwist({
  swSrc: 'lib/pwa/worker.ts',
  swDest: 'public/sw.js',
  precachePrerendered: false,
  globPatterns: [],
  esbuildOptions: { define: { WORKER_VERSION: JSON.stringify(buildId) } },
});

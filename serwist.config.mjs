// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serwist } from '@serwist/next/config';

/**
 * The service worker's build (Serwist's configurator mode for Next, bundler-agnostic): run by
 * scripts/build-worker.mjs after `next build`, it bundles lib/pwa/worker.ts with esbuild into
 * public/sw.js (generated, not committed) with the list of the build's files to precache.
 *
 * Precached: Next's build files (/_next/static) and public/ (icons, the placeholder cover, the
 * sounds). Next's prerendered HTML is not: it is stored under internal /{locale}/… paths that are
 * not the app's URLs; the worker saves the pages itself, by URL and language (lib/pwa).
 */
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();

export default await serwist({
  swSrc: 'lib/pwa/worker.ts',
  swDest: 'public/sw.js',
  precachePrerendered: false,
  globIgnores: ['public/sw.js.map'],
  // Fonts are precached too (the default patterns leave them out).
  globPatterns: [`${distDir}/static/**/*.{js,css,woff2,png,svg,ico,webp,avif}`, 'public/**/*'],
  esbuildOptions: { define: { WORKER_VERSION: JSON.stringify(buildId) } },
});

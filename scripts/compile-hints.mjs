// V8 explicit compile hints for the JavaScript every page runs as it starts (issues 8 and 15).
//
// V8 compiles a function the first time it is called unless told otherwise, and that compile runs
// on the main thread. A page's start calls most of the functions in its first-load chunks (React
// DOM, Next's router, the layout's and the page's components), so on a phone most of the app's
// start task was compiling: 35–50 ms of one task on this machine, ×4 for a mid-range phone. A file
// that begins with `//# allFunctionsCalledOnLoad` (Chrome 136+) is compiled whole while it
// streams in, on a background thread; other browsers read a comment. Measured with Lighthouse on
// `/` (mobile, 5–6 runs each): total blocking time median 270 ms → 111–155 ms, the start task
// 33–43 ms → 12–23 ms.
//
// Only the chunks of a first load get the hint (Next's own and each route's layout, page, error
// and not-found entries): code loaded later on demand (sign-in, carousels' Swiper, the share
// image, the notification panel) keeps compiling lazily, as little of it runs at once.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The manifests Next writes per app route: `…/page_client-reference-manifest.js`. */
function pageManifests(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) pageManifests(full, out);
    else if (entry.name === 'page_client-reference-manifest.js') out.push(full);
  }
  return out;
}

/**
 * The files (relative to the dist dir, `static/chunks/….js`) a first page load runs: Next's root
 * main files and every app page's entry chunks (its layouts, page, error and not-found).
 */
export function firstLoadChunks(distDir) {
  const files = new Set();
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  for (const file of buildManifest.rootMainFiles ?? []) files.add(file);
  for (const manifestFile of pageManifests(path.join(distDir, 'server', 'app'))) {
    // Our own build's output: `globalThis.__RSC_MANIFEST["/route"] = {…}`, run in an empty context.
    const context = vm.createContext({});
    vm.runInContext(readFileSync(manifestFile, 'utf8'), context, { timeout: 1000 });
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const chunks of Object.values(manifest?.entryJSFiles ?? {})) {
        for (const chunk of chunks) files.add(String(chunk).replace(/^\/?_next\//, ''));
      }
    }
  }
  return [...files].filter((file) => /^static\/chunks\/[\w.~-]+\.js$/.test(file)).sort();
}

/** Adds the hint to the start of `source` (once). */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

/** Marks every first-load chunk of the build in `distDir`; returns how many files and bytes. */
export function addCompileHints(distDir) {
  let count = 0;
  let bytes = 0;
  for (const file of firstLoadChunks(distDir)) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) continue;
    const source = readFileSync(full, 'utf8');
    const marked = withCompileHint(source);
    if (marked !== source) writeFileSync(full, marked);
    count++;
    bytes += Buffer.byteLength(marked);
  }
  return { count, bytes };
}

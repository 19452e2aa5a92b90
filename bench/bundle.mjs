// npm run bench:bundle — first-load JavaScript of every route: the scripts and
// stylesheets a page's server HTML makes the browser load, raw and gzipped, which heavy libraries
// are among them, and PASS/FAIL against the budget:
//   - total first-load JS ≤ 180 kB gzip, and
//   - ours (total − what an empty Next 16 app ships) ≤ 50 kB gzip, and
//   - Swiper, Firebase and html2canvas-pro absent from the first load of routes that do not show
//     them (in fact from every route: the home carousel is server HTML that Swiper takes over
//     after hydration, sign-in and the share image load on use).
// Run alone: `node bench/bundle.mjs [paths…]` (needs a production build; starts the fake upstream
// and `next start` itself). From another script: `measureBundles({ appUrl })` against a running app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root, startStack } from './harness.mjs';
import { pageAssets } from './page-assets.mjs';

export { pageAssets };

export const ROUTES = [
  '/',
  '/explore',
  '/search?q=naruto',
  '/settings',
  '/anime/1',
  '/anime/1/edit',
  '/my-ratings',
  '/watching',
  '/plan-to-watch',
  '/completed',
  '/on-hold',
  '/dropped',
  '/test',
  '/does-not-exist',
];

/**
 * What an empty Next 16 app ships, measured the same way (gzip of the scripts its HTML loads,
 * noModule polyfills excluded): a throwaway app with only app/layout.tsx (<html><body>) and
 * app/page.tsx (<main>Hello</main>), next 16.4.6 / react 19.3.1 as locked here, `next build`
 * (Turbopack) + `next start`: 5 scripts, 131.7 kB (React DOM 70.1, Next's client 48.6, the rest
 * Turbopack's runtime and small framework chunks). BUNDLE_BASELINE_KB overrides it.
 */
export const EMPTY_APP_BASELINE_KB = Number(process.env.BUNDLE_BASELINE_KB ?? 131.7);
export const BUDGET_TOTAL_KB = 180;
export const BUDGET_OURS_KB = 50;

/** Heavy libraries a route may load because it shows them at once (none need to, today). */
const HEAVY_ALLOWED = { '/': ['swiper'] };

// Code signatures, not names: the message catalogue mentions "html2canvas" and "Firebase" as text.
const HEAVY = {
  swiper: /swiper-slide-active/,
  firebase: /identitytoolkit\.googleapis\.com/,
  html2canvas: /foreignObjectRendering/,
};

/** The asset's bytes: from the build folder when it is there, else from the app. */
async function assetBody(appUrl, distDir, asset) {
  const file = path.join(root, distDir, asset.replace('/_next/', ''));
  if (existsSync(file)) return readFileSync(file);
  const response = await fetch(`${appUrl}${asset}`);
  if (!response.ok) throw new Error(`${asset}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Measures each route against a running app. Returns one row per route: sizes in kB (gzip unless
 * said), heavy libraries found, and `pass` with the reasons it failed.
 */
export async function measureBundles({
  appUrl,
  routes = ROUTES,
  distDir = process.env.NEXT_DIST_DIR || '.next',
}) {
  const rows = [];
  for (const route of routes) {
    const response = await fetch(`${appUrl}${route}`);
    const html = await response.text();
    const assets = pageAssets(html);
    let js = 0;
    let jsGz = 0;
    let cssGz = 0;
    const heavy = new Set();
    for (const asset of assets) {
      const body = await assetBody(appUrl, distDir, asset);
      const gz = gzipSync(body).length;
      if (asset.endsWith('.js')) {
        js += body.length;
        jsGz += gz;
        const text = body.toString('utf8');
        for (const [name, pattern] of Object.entries(HEAVY)) if (pattern.test(text)) heavy.add(name);
      } else {
        cssGz += gz;
      }
    }
    const totalKb = kb(jsGz);
    const oursKb = Math.round((totalKb - EMPTY_APP_BASELINE_KB) * 10) / 10;
    const failures = [];
    if (totalKb > BUDGET_TOTAL_KB) failures.push(`total > ${BUDGET_TOTAL_KB}`);
    if (oursKb > BUDGET_OURS_KB) failures.push(`ours > ${BUDGET_OURS_KB}`);
    const misplaced = [...heavy].filter((name) => !(HEAVY_ALLOWED[route] ?? []).includes(name));
    if (misplaced.length) failures.push(`loads ${misplaced.join(', ')}`);
    rows.push({
      route,
      status: response.status,
      jsKb: kb(js),
      jsGzKb: totalKb,
      oursGzKb: oursKb,
      cssGzKb: kb(cssGz),
      files: assets.length,
      heavy: [...heavy],
      pass: failures.length === 0,
      failures,
    });
  }
  return rows;
}

/** The rows as a Markdown table (for the umbrella bench's report). */
export function bundleTable(rows) {
  const lines = [
    '| route | JS gzip kB | ours kB | CSS gzip kB | heavy | budget |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.route}\` | ${row.jsGzKb} | ${row.oursGzKb} | ${row.cssGzKb} | ${row.heavy.join(', ') || '—'} | ${
          row.pass ? 'PASS' : `FAIL (${row.failures.join('; ')})`
        } |`,
    ),
  ];
  return lines.join('\n');
}

async function main() {
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : ROUTES;
  const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
  let rows;
  try {
    rows = await measureBundles({ appUrl: stack.appUrl, routes });
  } finally {
    await stack.stop();
  }
  console.log(
    `First-load JS budget: ≤ ${BUDGET_TOTAL_KB} kB gzip per route, of which ≤ ${BUDGET_OURS_KB} kB ours ` +
      `beyond an empty Next 16 app (${EMPTY_APP_BASELINE_KB} kB, see EMPTY_APP_BASELINE_KB); ` +
      'no Swiper, Firebase or html2canvas where not shown.',
  );
  console.table(
    rows.map((row) => ({
      route: row.route,
      status: row.status,
      'JS kB': row.jsKb,
      'JS gz kB': row.jsGzKb,
      'ours gz kB': row.oursGzKb,
      'CSS gz kB': row.cssGzKb,
      files: row.files,
      heavy: row.heavy.join(', ') || '—',
      budget: row.pass ? 'PASS' : `FAIL: ${row.failures.join('; ')}`,
    })),
  );
  const failed = rows.filter((row) => !row.pass).length;
  console.log(
    failed ? `${failed} of ${rows.length} routes over budget.` : `All ${rows.length} routes within budget.`,
  );
  return failed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const failed = await main();
  process.exitCode = failed ? 1 : 0;
}

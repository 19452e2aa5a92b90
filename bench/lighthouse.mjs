// npm run bench:lighthouse — Lighthouse 12 (mobile config, simulated throttling) on the main pages,
// against the production server and the fake upstream: performance, accessibility, best practices
// and SEO, the median of LH_RUNS runs (3) per page, with LCP, CLS and TBT.
// Usage: node bench/lighthouse.mjs [paths...]   (default: the routes)
// `measureLighthouse` is also used by `npm run bench` (bench/run-all.mjs).
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStack } from './harness.mjs';

export const LIGHTHOUSE_PATHS = ['/', '/explore', '/search?q=naruto', '/anime/20', '/my-ratings'];
export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000, cls: 0.02 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Steady state, as a production server is after its first visitors: the page is in the render
 * cache and its covers are in Next's image cache (optimised once, then served from disk).
 */
async function warm(url) {
  const html = await (await fetch(url)).text();
  const images = new Set(
    [...html.matchAll(/(?:src|srcSet)="([^"]+)"/g)]
      .flatMap((m) => m[1].split(',').map((part) => part.trim().split(' ')[0]))
      .filter((src) => src?.startsWith('/_next/image'))
      .map((src) => src.replaceAll('&amp;', '&')),
  );
  await Promise.all(
    [...images].map((src) =>
      fetch(new URL(src, url), { headers: { accept: 'image/avif,image/webp,image/*' } }).then((r) => r.arrayBuffer()),
    ),
  );
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** What keeps a category under 100: the audits with weight that did not pass. */
function failing(lhr, id) {
  return lhr.categories[id].auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

/** One row per path: median run by performance score; PASS when every budget holds. */
export async function measureLighthouse({ appUrl, paths = LIGHTHOUSE_PATHS, runs = Number(process.env.LH_RUNS ?? 3) }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const url = `${appUrl}${path}`;
      await warm(url);
      const results = [];
      const errors = [];
      // A run Lighthouse itself could not finish (a runtimeError such as NO_FCP when the headless
      // tab never painted, or no performance score) scores 0 for reasons unrelated to the page: it is run again, twice at
      // most, and named in the row.
      for (let i = 0, attempts = 0; i < runs && attempts < runs + 2; attempts++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result?.lhr) throw new Error(`No Lighthouse result for ${url}`);
        const unfinished =
          result.lhr.runtimeError?.code ??
          (result.lhr.categories.performance?.score == null ? 'NO_PERFORMANCE_SCORE' : null);
        if (unfinished) {
          errors.push(unfinished);
          continue;
        }
        results.push(result.lhr);
        i++;
      }
      if (!results.length) throw new Error(`Lighthouse could not finish a run of ${url}: ${errors.join(', ')}`);
      results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = results[Math.floor(results.length / 2)];
      const row = {
        page: path,
        performance: score(lhr, 'performance'),
        'perf runs': results.map((r) => score(r, 'performance')).join('/'),
        accessibility: score(lhr, 'accessibility'),
        'best-practices': score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
        CLS: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
        'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
        failing: CATEGORIES.flatMap((id) => failing(lhr, id)).join(', ') || '—',
      };
      if (errors.length) row['runs Lighthouse could not finish'] = errors.join(', ');
      const consoleErrors = lhr.audits['errors-in-console']?.details?.items ?? [];
      if (consoleErrors.length) {
        row['console errors'] = consoleErrors.map((item) => `${String(item.description ?? '').slice(0, 90)} ${item.sourceLocation?.url ?? item.url ?? ''}`).join(' | ');
      }
      const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      row['LCP element'] = lcpNode ? `${lcpNode.selector ?? ''}`.slice(0, 60) : '—';
      row.pass =
        row.performance >= LIGHTHOUSE_BUDGET.performance &&
        row.accessibility >= LIGHTHOUSE_BUDGET.accessibility &&
        row['best-practices'] >= LIGHTHOUSE_BUDGET['best-practices'] &&
        row.seo >= LIGHTHOUSE_BUDGET.seo &&
        row['LCP ms'] <= LIGHTHOUSE_BUDGET.lcpMs &&
        row.CLS <= LIGHTHOUSE_BUDGET.cls;
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : LIGHTHOUSE_PATHS;
  const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
  try {
    const rows = await measureLighthouse({ appUrl: stack.appUrl, paths });
    console.table(rows.map((row) => ({ ...row, pass: row.pass ? 'PASS' : 'FAIL' })));
  } finally {
    await stack.stop();
  }
}

// npm run bench:lighthouse — Lighthouse (mobile, simulated throttling) on the main pages, against the
// production build and the fake upstream. Prints performance and accessibility per page and theme.
// Usage: node bench/lighthouse.mjs [paths...]   (default: / /explore /search?q=naruto)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStack } from './harness.mjs';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/explore', '/search?q=naruto'];
/** Lighthouse varies run to run; each page is measured RUNS times and the median run is shown. */
const RUNS = Number(process.env.LH_RUNS ?? 3);

/**
 * Steady state, as a production server is after its first visitors: the page's data is in the
 * server cache and its covers are in Next's image cache (optimised once, then served from disk).
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
const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
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
    const url = `${stack.appUrl}${path}`;
    await warm(url);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result?.lhr) throw new Error(`No Lighthouse result for ${url}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    const allScores = runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join('/');
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    rows.push({
      page: path,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      'perf runs': allScores,
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      'FCP ms': Math.round(lhr.audits['first-contentful-paint'].numericValue ?? 0),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      CLS: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
      'a11y failing': failed.join(', ') || '—',
    });
    const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
    const lcpNode = lcpItems[0]?.items?.[0]?.node;
    if (lcpNode) console.log(`${path}: LCP element ${lcpNode.selector ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"`);
  }
} finally {
  await chrome.kill();
  await stack.stop();
}
console.table(rows);

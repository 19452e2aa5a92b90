// npm run bench:lighthouse — Lighthouse (mobile, simulated throttling) on the main pages, against the
// production build and the fake upstream. Prints performance and accessibility per page and theme.
// Usage: node bench/lighthouse.mjs [paths...]   (default: / /explore /search?q=naruto)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStack } from './harness.mjs';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/explore', '/search?q=naruto'];
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
    // Warm the server cache and Next's image cache so the run measures the app, not the fake.
    await fetch(url);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`No Lighthouse result for ${url}`);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    rows.push({
      page: path,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
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

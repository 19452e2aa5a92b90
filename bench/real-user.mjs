// npm run bench:real-user — what a person on a slow phone gets: a real Chromium (Debian's, through
// Playwright) with throttling applied by the DevTools protocol (4× CPU, 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up), a fresh profile for every visit (nothing cached), median of
// BENCH_RUNS (5) per route. Prints per route: first contentful paint, largest contentful paint, when
// the first control could act (the theme toggle enabled: the page has hydrated), and the input
// delay of a first tap made as soon as it could act (Event Timing's first-input).
//
//   npm run bench:real-user                       # starts the fake upstream and next start
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:real-user   # against a running app
//   BENCH_ROUTES=/,/anime/20 BENCH_RUNS=3 npm run bench:real-user
//
// Printed, not pass/fail. Pages are rendered once before measuring (the render cache holds them,
// as on a production server after its first visitors).
import { chromium } from 'playwright-core';
import { chromiumPath } from '../scripts/lib.mjs';
import { startStack } from './harness.mjs';

const ROUTES = (process.env.BENCH_ROUTES ?? '/,/explore,/search?q=naruto,/anime/20,/my-ratings').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE = {
  cpu: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** Installed before any page script: records when the theme toggle first exists enabled. */
function watchFirstControl() {
  const mark = () => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    if (toggle && !toggle.disabled && window.__firstControlAt === undefined) {
      window.__firstControlAt = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver((_, observer) => {
    if (mark()) observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstControl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: THROTTLE.downloadBytesPerSecond,
      uploadThroughput: THROTTLE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
    // Not the load event: a detail page's late images (trailer thumbnail, covers further down) can
    // hold it for long on this link, and no figure here needs it.
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    // The first tap, as soon as the control can act (the tap waits for it to be enabled).
    await page.getByTestId('theme-toggle').first().tap({ timeout: 120_000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list, observer) => {
            const first = list.getEntries()[0];
            if (!first) return;
            observer.disconnect();
            resolve({
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
              lcp: window.__lcp,
              firstControl: window.__firstControlAt ?? NaN,
              inputDelay: first.processingStart - first.startTime,
            });
          }).observe({ type: 'first-input', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const stack = process.env.BENCH_URL ? null : await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '20' } });
const appUrl = process.env.BENCH_URL ?? stack.appUrl;
const executablePath = chromiumPath();
if (!executablePath) {
  console.error('Chromium is missing: apt-get install -y chromium');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  for (const route of ROUTES) {
    await (await fetch(appUrl + route)).arrayBuffer();
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await visit(browser, appUrl + route));
    const row = {
      route,
      fcp: median(runs.map((r) => r.fcp)),
      lcp: median(runs.map((r) => r.lcp)),
      firstControl: median(runs.map((r) => r.firstControl)),
      inputDelay: median(runs.map((r) => r.inputDelay)),
    };
    rows.push(row);
    console.error(`${route}: ${JSON.stringify(runs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]))))}`);
  }
} finally {
  await browser.close();
  await stack?.stop();
}

const ms = (value) => (Number.isFinite(value) ? Math.round(value) : '—');
console.log(
  `\nreal user: Chromium, 4× CPU, 150 ms RTT, 1.6 Mbit/s, fresh profile per visit, median of ${RUNS}`,
);
console.log('| route | FCP ms | LCP ms | first control hydrated ms | first-tap input delay ms |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.route} | ${ms(row.fcp)} | ${ms(row.lcp)} | ${ms(row.firstControl)} | ${ms(row.inputDelay)} |`);
}

// npm run bench:real-user — what a person on a slow phone gets: a real Chromium (Debian's, through
// Playwright) with throttling applied by the DevTools protocol (4× CPU, 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up), a fresh profile for every visit (nothing cached), a 412 × 823
// phone at 1.75 device pixels, covers as heavy as MyAnimeList's (bench/harness.mjs), median of
// BENCH_RUNS (5) per route. Prints per route: first contentful paint, largest contentful paint, when
// the first control could act (the theme toggle enabled: the page has hydrated), and the input
// delay of a first tap made as soon as it could act (Event Timing's first-input).
//
// Then the first-visit journey, median of BENCH_RUNS: the home page, 3 s after its first control
// works a tap on the first card wholly on screen, and the time from its pointerdown to the frame
// after the detail page's heading is in the document, timed in the page (a client-side
// navigation: a document load is reported, and timed from outside); with the bytes
// downloaded in the first 25 s of the visit, the service worker included (counted by Chromium on
// the page's target and its workers' targets, e2e/pwa/network-meter.mjs; the same throttling is
// applied to the worker).
//
// BENCH_PEER_URL=http://127.0.0.1:3100 prints a built peer beside each figure, measured the same
// way, visits alternating between the two. Its pages are found by BENCH_PEER_ROUTES (default: the
// same paths), its first control by BENCH_PEER_CONTROL (a CSS selector; without it, first control
// is not measured for the peer) and its cards by BENCH_PEER_CARD (default: the first link to an
// anime page).
//
//   npm run bench:real-user                       # starts the fake upstream and next start
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:real-user   # against a running app
//   BENCH_ROUTES=/,/anime/20 BENCH_RUNS=3 npm run bench:real-user
//   BENCH_FLAT_COVERS=1 BENCH_DPR=1 npm run bench:real-user   # the conditions before 2026-11-29, night
//
// The machine's load average is printed before and after: timings on a loaded machine are not
// comparable across runs, byte counts are. Printed, not pass/fail. Pages are rendered, and their
// covers optimised, once before measuring (the render cache holds them, as on a production server
// after its first visitors).
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { meterNetwork } from '../e2e/pwa/network-meter.mjs';
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

const OURS = {
  control: '[data-testid="theme-toggle"]',
  card: '[data-testid="anime-carousel"] a[href^="/anime/"]',
};
const PEER = {
  control: process.env.BENCH_PEER_CONTROL || null,
  card: process.env.BENCH_PEER_CARD || 'a[href*="/anime/"]',
};
const JOURNEY_PAUSE_MS = 3_000;
const FIRST_VISIT_WINDOW_MS = 25_000;

/** Installed before any page script: records when the first control first exists enabled. */
function watchFirstControl(selector) {
  const mark = () => {
    if (!selector) return false;
    const toggle = document.querySelector(selector);
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

// Lighthouse's phone (a Moto G Power): 412 × 823 at 1.75 device pixels per CSS pixel, so covers
// are chosen at the widths a phone asks for (BENCH_DPR: 1 for figures before 2026-11-29, night).
const DPR = Number(process.env.BENCH_DPR ?? 1.75);
const newPhone = (browser) =>
  browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true });

/**
 * One unmeasured visit, unthrottled, until the network is idle: the covers the page shows are
 * optimised once (as on a server after its first visitors), not on the first measured visit.
 */
async function warmCovers(browser, url) {
  const context = await newPhone(browser);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  } finally {
    await context.close();
  }
}

async function throttledPage(browser, context, selectors) {
  const page = await context.newPage();
  await page.addInitScript(watchFirstControl, selectors.control);
  const meter = await meterNetwork(browser, context, page, { throttle: THROTTLE });
  await meter.cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
  return { page, meter };
}

async function visit(browser, url, selectors) {
  const context = await newPhone(browser);
  let meter;
  try {
    const opened = await throttledPage(browser, context, selectors);
    const { page } = opened;
    meter = opened.meter;
    // Not the load event: a detail page's late images (trailer thumbnail, covers further down) can
    // hold it for long on this link, and no figure here needs it.
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    // The first tap, as soon as the control can act (the tap waits for it to be enabled); a peer
    // without a known control gets its tap on the page's body once loaded.
    if (selectors.control) await page.locator(selectors.control).first().tap({ timeout: 120_000 });
    else {
      await page.waitForLoadState('load', { timeout: 120_000 });
      await page.locator('body').tap({ position: { x: 5, y: 300 } });
    }
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
    await meter?.stop();
    await context.close();
  }
}

/**
 * The centre of the first card matching `selector` that a tap there would hit (on screen, not
 * under the sticky header or another slide), the first carousel scrolled to the middle of the
 * screen when none is. Document order is not screen order: Swiper's loop moves slides (the first
 * link may sit at x = −316 px), and a tap there would land beside it.
 */
async function cardOnScreen(page, selector) {
  const find = () =>
    page.evaluate((cards) => {
      for (const link of document.querySelectorAll(cards)) {
        const box = link.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (box.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === link || link.contains(hit))) return { x, y };
      }
      return null;
    }, selector);
  const found = await find();
  if (found) return found;
  await page.evaluate((cards) => {
    const carousel = document.querySelector(cards)?.closest('section') ?? document.querySelector(cards);
    carousel?.scrollIntoView({ block: 'center' });
  }, selector);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const card = await find();
    if (card) return card;
    await page.waitForTimeout(100);
  }
  throw new Error(`no card of ${selector} on screen`);
}

/** Every request of the journey's window with its bytes, largest first (BENCH_LIST=1), on stderr. */
function listRequests(meter, start) {
  const rows = meter
    .entries()
    .filter((entry) => entry.at !== null && entry.at <= start + FIRST_VISIT_WINDOW_MS)
    .sort((a, b) => b.bytes - a.bytes);
  for (const entry of rows)
    console.error(`${entry.worker ? 'worker' : 'page  '} ${String(entry.bytes).padStart(7)} ${entry.url}`);
}

/**
 * A first visit: the home page; 3 s after its first control works (or its load, for a peer
 * without a known control), a tap on the first card; the time until the detail page's heading
 * shows; and every byte downloaded in the first 25 s from the navigation, worker included.
 */
async function journey(browser, origin, selectors) {
  const context = await newPhone(browser);
  let meter;
  try {
    const opened = await throttledPage(browser, context, selectors);
    const { page } = opened;
    meter = opened.meter;
    const start = Date.now();
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    if (selectors.control) {
      await page.locator(selectors.control).first().waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => window.__firstControlAt !== undefined, null, { timeout: 120_000 });
    } else await page.waitForLoadState('load', { timeout: 120_000 });
    // The journey's pause: a person looks at the page before choosing (part of the scenario).
    await page.waitForTimeout(JOURNEY_PAUSE_MS);
    const card = await cardOnScreen(page, selectors.card);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents += 1;
    });
    // Timed in the page, from the tap's pointerdown to the frame after the detail page's heading is
    // in the document (a Playwright wait polls at up to 500 ms intervals: timed from here, the
    // poll's own delay was part of the figure before 2026-11-29).
    await page.evaluate(() => {
      document.addEventListener('pointerdown', (event) => (window.__tapAt ??= event.timeStamp), {
        capture: true,
        once: true,
      });
      const headingShown = () => /^\/anime\/\d+/.test(location.pathname) && document.querySelector('h1');
      new MutationObserver((_, observer) => {
        if (!headingShown()) return;
        observer.disconnect();
        requestAnimationFrame(() => (window.__headingAt = performance.now()));
      }).observe(document, { subtree: true, childList: true });
    });
    const tappedAt = Date.now();
    await page.touchscreen.tap(card.x, card.y);
    await page.waitForURL(/\/anime\/\d+/, { timeout: 60_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    // A full document load (a peer without client navigation) leaves no timer: timed from here.
    let tapToHeading = Date.now() - tappedAt;
    if (documents === 0) {
      await page.waitForFunction(() => window.__headingAt !== undefined, null, { timeout: 60_000 });
      tapToHeading = await page.evaluate(() => window.__headingAt - window.__tapAt);
    }
    // A client-side navigation loads no document; a full load (a failed navigation) is counted.
    if (documents > 0) console.error(`journey: the tap loaded ${documents} document(s)`);
    const left = start + FIRST_VISIT_WINDOW_MS - Date.now();
    if (left > 0) await page.waitForTimeout(left);
    const window25 = meter.bytesSince(start, FIRST_VISIT_WINDOW_MS);
    if (process.env.BENCH_LIST === '1') listRequests(meter, start);
    return { tapToHeading, ...window25 };
  } finally {
    await meter?.stop();
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
const peerUrl = process.env.BENCH_PEER_URL?.replace(/\/$/, '') || null;
const PEER_ROUTES = process.env.BENCH_PEER_ROUTES?.split(',') ?? ROUTES;
const executablePath = chromiumPath();
if (!executablePath) {
  console.error('Chromium is missing: apt-get install -y chromium');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.error(`load average at the start: ${load()}`);
const rows = [];
const journeys = { ours: [], peer: [] };
const routeRow = (route, runs) => ({
  route,
  fcp: median(runs.map((r) => r.fcp)),
  lcp: median(runs.map((r) => r.lcp)),
  firstControl: median(runs.map((r) => r.firstControl)),
  inputDelay: median(runs.map((r) => r.inputDelay)),
});
/**
 * One run of ours, and of the peer when there is one, which goes first in turn: a machine that
 * slows down or speeds up during the bench weighs on both alike.
 */
async function inTurn(run, ours, peer) {
  if (!peerUrl) return ours();
  if (run % 2 === 0) return ours().then(peer);
  return peer().then(ours);
}
const rounded = (runs) =>
  JSON.stringify(runs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]))));
try {
  for (const [index, route] of ROUTES.entries()) {
    const peerRoute = PEER_ROUTES[index] ?? route;
    await (await fetch(appUrl + route)).arrayBuffer();
    if (peerUrl) await (await fetch(peerUrl + peerRoute)).arrayBuffer();
    await warmCovers(browser, appUrl + route);
    if (peerUrl) await warmCovers(browser, peerUrl + peerRoute);
    const runs = [];
    const peerRuns = [];
    for (let run = 0; run < RUNS; run += 1)
      await inTurn(
        run,
        async () => runs.push(await visit(browser, appUrl + route, OURS)),
        async () => peerRuns.push(await visit(browser, peerUrl + peerRoute, PEER)),
      );
    const row = routeRow(route, runs);
    console.error(`${route}: ${rounded(runs)}`);
    if (peerUrl) {
      row.peer = routeRow(peerRoute, peerRuns);
      console.error(`peer ${peerRoute}: ${rounded(peerRuns)}`);
    }
    rows.push(row);
  }
  if (process.env.BENCH_JOURNEY !== '0') {
    for (let run = 0; run < RUNS; run += 1)
      await inTurn(
        run,
        async () => journeys.ours.push(await journey(browser, appUrl, OURS)),
        async () => journeys.peer.push(await journey(browser, peerUrl, PEER)),
      );
    console.error(`journey: ${rounded(journeys.ours)}`);
    if (peerUrl) console.error(`peer journey: ${rounded(journeys.peer)}`);
  }
} finally {
  await browser.close();
  await stack?.stop();
}

console.error(`load average at the end: ${load()}`);
const ms = (value) => (Number.isFinite(value) ? Math.round(value) : '—');
const beside = (ours, peer) => (peerUrl ? `${ms(ours)} / ${ms(peer)}` : `${ms(ours)}`);
console.log(
  `\nreal user: Chromium, 4× CPU, 150 ms RTT, 1.6 Mbit/s, fresh profile per visit, median of ${RUNS}` +
    (peerUrl ? ` — ours / peer (${peerUrl})` : ''),
);
console.log('| route | FCP ms | LCP ms | first control hydrated ms | first-tap input delay ms |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  const p = row.peer ?? {};
  console.log(
    `| ${row.route} | ${beside(row.fcp, p.fcp)} | ${beside(row.lcp, p.lcp)} | ${beside(row.firstControl, p.firstControl)} | ${beside(row.inputDelay, p.inputDelay)} |`,
  );
}
if (journeys.ours.length) {
  const figures = (runs) => ({
    tap: median(runs.map((r) => r.tapToHeading)),
    kb: median(runs.map((r) => r.bytes / 1024)),
    requests: median(runs.map((r) => r.requests)),
    workerKb: median(runs.map((r) => r.workerBytes / 1024)),
    workerRequests: median(runs.map((r) => r.workerRequests)),
  });
  const ours = figures(journeys.ours);
  const peer = peerUrl ? figures(journeys.peer) : {};
  console.log(
    `\nfirst visit: home → ${JOURNEY_PAUSE_MS / 1000} s after its first control works → tap the first card`,
  );
  console.log('| figure | ours |' + (peerUrl ? ' peer |' : ''));
  console.log('|---|---:|' + (peerUrl ? '---:|' : ''));
  const line = (name, key) =>
    console.log(`| ${name} | ${ms(ours[key])} |` + (peerUrl ? ` ${ms(peer[key])} |` : ''));
  line('tap → detail heading, ms', 'tap');
  line(`KB downloaded in the first ${FIRST_VISIT_WINDOW_MS / 1000} s (worker included)`, 'kb');
  line('requests in those 25 s', 'requests');
  line('of which by the service worker: KB', 'workerKb');
  line('of which by the service worker: requests', 'workerRequests');
}

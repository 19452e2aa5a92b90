// Long lists in a real Chromium: the time to the first entry of a list and a ratings page holding
// 5,000 and 50,000 entries, the long tasks of a scroll through them, and those of a fan reading
// down a list whose entries are looked up as they come on screen (Jikan up).
//
//   npm run build && npm run bench:lists
//
// BENCH_URL measures a running app instead of starting one (bench/harness.mjs); BENCH_RUNS (3)
// visits per case, median reported; BENCH_CPU_THROTTLE (4) slows the CPU as on a phone;
// BENCH_SIZES (5000,50000). Figures in bench/RESULTS.md.
import { chromium } from 'playwright-core';
import { chromiumPath } from '../scripts/lib.mjs';
import { startStack } from './harness.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const SIZES = (process.env.BENCH_SIZES ?? '5000,50000').split(',').map(Number);
/** Entries that carry a card copy (the newest): a MAL import's others are ids only. */
const WITH_SNAPSHOT = 5000;
/** The scroll: this many animation frames, each moving this many pixels (about 250 rows at 390 px). */
const SCROLL_FRAMES = 120;
const SCROLL_STEP_PX = 600;
/** Reading while entries are looked up: this many screens down, a pause after each; each lookup answers after LOOKUP_MS. */
const READ_STEPS = 30;
const READ_STEP_PX = 900;
const READ_PAUSE_MS = 300;
const LOOKUP_MS = 150;

const PAGES = [
  { path: '/completed', entry: '[data-testid="list-entry"]' },
  { path: '/my-ratings', entry: '[data-testid="rated-entry"]' },
];

function cardSnapshot(id) {
  return {
    title: `Anime ${id}`,
    titleEnglish: null,
    image: null,
    type: 'TV',
    episodes: 12,
    score: 7.5,
    takenAt: new Date().toISOString(),
  };
}

/**
 * localStorage as a fan with `size` entries in Completed and `size` ratings would have it. The
 * newest entries carry the copies; with `copiesOnOldest`, the oldest do (the first screens of the
 * list, newest first, are then ids only and looked up).
 */
function seedFor(size, { copiesOnOldest = false } = {}) {
  const ids = Array.from({ length: size }, (_, index) => 7_000_001 + index);
  const newest = copiesOnOldest ? ids.slice(0, WITH_SNAPSHOT) : ids.slice(-WITH_SNAPSHOT);
  const seed = {
    completedList: JSON.stringify(ids),
    'anime-master-list-entries': JSON.stringify(
      Object.fromEntries(
        newest.map((id) => [
          id,
          { snapshot: cardSnapshot(id), progress: 12, startedAt: null, finishedAt: null },
        ]),
      ),
    ),
    'anime-master-rating-entries': JSON.stringify(
      Object.fromEntries(
        newest.map((id, index) => [
          id,
          {
            snapshot: cardSnapshot(id),
            ratedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
          },
        ]),
      ),
    ),
  };
  for (const id of ids) seed[`animeRating_${id}`] = JSON.stringify({ rating: 1 + (id % 5), opinion: '' });
  return seed;
}

/**
 * Runs in the page before the app: notes when the first entry appears, when the whole list is
 * there (an entry that knows the list's size, in a list not busy: a first screen says -1 or marks its
 * list busy), and every long task.
 */
function observe(selector) {
  window.__bench = { firstEntry: null, wholeList: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  const check = () => {
    const first = document.querySelector(selector);
    if (!first) return;
    if (window.__bench.firstEntry === null) window.__bench.firstEntry = performance.now();
    // A first screen says -1 (the ratings page's newest) or marks its list busy (a short list's first cards).
    if (first.getAttribute('aria-setsize') !== '-1' && !first.closest('[aria-busy="true"]')) {
      window.__bench.wholeList = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/** Scrolls the window by `step` px per animation frame for `frames` frames; resolves to the span. */
function scroll([frames, step]) {
  return new Promise((resolve) => {
    const started = performance.now();
    let left = frames;
    const tick = () => {
      window.scrollBy(0, step);
      left -= 1;
      if (left > 0) requestAnimationFrame(tick);
      // Two more frames: what the last scroll rendered is counted.
      else
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve({ started, ended: performance.now(), y: window.scrollY })),
        );
    };
    requestAnimationFrame(tick);
  });
}

/**
 * A new tab of `context` for the visit, once the fan's storage is written in a tab of its own and
 * closed: the visit loads the stored keys from the browser, as a fan opening the app on a phone
 * does, and carries nothing of the page that wrote them.
 */
async function seededTab(context, appUrl, seed) {
  const seeding = await context.newPage();
  await seeding.goto(`${appUrl}/not-a-page-seed`);
  await seeding.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, seed);
  const tab = await context.newPage();
  await seeding.close();
  return tab;
}

async function visit(browser, appUrl, page, seed) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    // Jikan down: entries without a copy degrade at once, and no lookup reaches the server.
    await context.route('**/api/anime/**', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UPSTREAM_ERROR', message: 'down' } } }),
    );
    const tab = await seededTab(context, appUrl, seed);
    await tab.addInitScript(observe, page.entry);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await tab.goto(appUrl + page.path);
    await tab.waitForFunction(() => window.__bench.wholeList !== null, null, { timeout: 120_000 });
    const { firstEntry, wholeList } = await tab.evaluate(() => window.__bench);
    const rendered = await tab.locator(page.entry).count();
    // Let the page settle before the scroll is measured on its own.
    await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const span = await tab.evaluate(scroll, [SCROLL_FRAMES, SCROLL_STEP_PX]);
    const tasks = await tab.evaluate(
      ({ started, ended }) =>
        window.__bench.longTasks.filter((task) => task.start >= started && task.start <= ended),
      span,
    );
    return {
      firstEntry,
      wholeList,
      rendered,
      scrolledPx: span.y,
      scrollMs: span.ended - span.started,
      longTasks: tasks.length,
      longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * A fan reading down `/completed` while its entries are looked up: Jikan answers every lookup
 * (a copy of one real answer with the asked id) after LOOKUP_MS. Long tasks from the first
 * screen down to 1.5 s after the last step, and how many lookups were answered meanwhile.
 */
async function readWhileLookingUp(browser, appUrl, seed, answer) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    let answered = 0;
    await context.route('**/api/anime/**', async (route) => {
      const id = Number(new URL(route.request().url()).pathname.split('/').pop());
      await new Promise((resolve) => setTimeout(resolve, LOOKUP_MS));
      answered += 1;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'cache-control': 'no-store' },
        body: JSON.stringify({ data: { ...answer, id, title: `Anime ${id}` } }),
      });
    });
    const tab = await seededTab(context, appUrl, seed);
    await tab.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' });
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await tab.goto(`${appUrl}/completed`);
    await tab.locator('[data-testid="list-entry"]').first().waitFor();
    await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const before = answered;
    const tasks = await tab.evaluate(
      async ([steps, step, pause]) => {
        const started = performance.now();
        for (let index = 0; index < steps; index++) {
          window.scrollBy(0, step);
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return window.__longTasks.filter((task) => task.start >= started);
      },
      [READ_STEPS, READ_STEP_PX, READ_PAUSE_MS],
    );
    return {
      answered: answered - before,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
      longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    };
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

const stack = process.env.BENCH_URL ? null : await startStack();
const appUrl = process.env.BENCH_URL ?? stack.appUrl;
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
const rows = [];
const reading = [];
try {
  const answer = (await (await fetch(`${appUrl}/api/anime/20`)).json()).data;
  for (const size of SIZES) {
    const seed = seedFor(size);
    for (const page of PAGES) {
      await (await fetch(appUrl + page.path)).arrayBuffer();
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await visit(browser, appUrl, page, seed));
      console.error(
        `${page.path} × ${size}: ${JSON.stringify(runs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]))))}`,
      );
      const pick = (key) => median(runs.map((r) => r[key]));
      rows.push({
        path: page.path,
        size,
        ...Object.fromEntries(Object.keys(runs[0]).map((key) => [key, pick(key)])),
      });
    }
    const lookupSeed = seedFor(size, { copiesOnOldest: true });
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await readWhileLookingUp(browser, appUrl, lookupSeed, answer));
    console.error(
      `reading /completed × ${size}: ${JSON.stringify(runs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)]))))}`,
    );
    reading.push({
      size,
      ...Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))])),
    });
  }
} finally {
  await browser.close();
  await stack?.stop();
}

const n = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '—');
console.log(
  `\nLong lists, ${CPU_THROTTLE}× CPU, 390 × 844, median of ${RUNS} (scroll: ${SCROLL_FRAMES} frames × ${SCROLL_STEP_PX} px)\n`,
);
console.log(
  '| page | entries | first entry ms | whole list ms | cards in the page | scroll ms | long tasks | longest ms | blocking ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.path} | ${n(row.size)} | ${n(row.firstEntry)} | ${n(row.wholeList)} | ${n(row.rendered)} | ${n(row.scrollMs)} | ${n(row.longTasks)} | ${n(row.longest)} | ${n(row.blocking)} |`,
  );
}
console.log(
  `\nReading /completed while its entries are looked up (${READ_STEPS} steps of ${READ_STEP_PX} px, ${READ_PAUSE_MS} ms apart; lookups answer after ${LOOKUP_MS} ms), ${CPU_THROTTLE}× CPU, median of ${RUNS}\n`,
);
console.log('| entries | lookups answered | long tasks | long-task ms | longest ms | blocking ms |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (const row of reading) {
  console.log(
    `| ${n(row.size)} | ${n(row.answered)} | ${n(row.longTasks)} | ${n(row.longTaskMs)} | ${n(row.longest)} | ${n(row.blocking)} |`,
  );
}

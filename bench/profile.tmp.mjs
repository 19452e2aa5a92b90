import { chromium } from 'playwright';
import { startStack } from './harness.mjs';
const path = process.argv[2] ?? '/';
const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (let i = 0; i < 2; i++) await (await fetch(stack.appUrl + path)).text();
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(stack.appUrl + path, { waitUntil: 'load' });
  await page.waitForTimeout(8000);
  const { profile } = await cdp.send('Profiler.stop');
  console.log('long tasks', JSON.stringify(await page.evaluate(() => window.__long)));
  // self time per function
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(stack.appUrl, '').slice(-40)}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [k, v] of top) console.log(v.toFixed(1).padStart(8), k);
  // inclusive time per "component-like" function: walk parents
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur).callFrame;
      const name = f.functionName;
      if (!name || !/^[A-Z]/.test(name) || seen.has(name)) continue;
      seen.add(name);
      incl.set(name, (incl.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
    }
  });
  console.log('--- inclusive, capitalised functions (components)');
  for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), k);
} finally { await browser.close(); await stack.stop(); }

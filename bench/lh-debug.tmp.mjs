import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { startStack } from './harness.mjs';
const paths = process.argv.slice(2);
const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
try {
  for (const p of paths) {
    const url = stack.appUrl + p;
    for (let i = 0; i < 2; i++) await (await fetch(url)).text();
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = lhr.audits;
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    writeFileSync(`/tmp/lhr${name}.json`, JSON.stringify(lhr));
    console.log(p, 'perf', Math.round(lhr.categories.performance.score*100), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'SI', Math.round(a['speed-index'].numericValue), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3));
    console.log('  mainthread', (a['mainthread-work-breakdown'].details?.items ?? []).map(i => `${i.group}:${Math.round(i.duration)}`).join(' '));
    console.log('  bootup', (a['bootup-time'].details?.items ?? []).slice(0,6).map(i => `${i.url.replace(stack.appUrl,'')} total=${Math.round(i.total)} script=${Math.round(i.scripting)}`).join('\n          '));
    console.log('  longtasks', (a['long-tasks'].details?.items ?? []).slice(0,8).map(i => `${i.url?.replace(stack.appUrl,'')}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(' '));
    const lcpEl = a['largest-contentful-paint-element']?.details?.items;
    console.log('  lcp', JSON.stringify(lcpEl?.[0]?.items?.[0]?.node?.selector), JSON.stringify(lcpEl?.[1]?.items ?? []));
    console.log('  render-blocking', (a['render-blocking-resources'].details?.items ?? []).map(i=>`${i.url.replace(stack.appUrl,'')}:${i.wastedMs}`).join(' '));
    console.log('  requests', (a['network-requests'].details?.items ?? []).map(i=>`${i.url.replace(stack.appUrl,'').slice(0,70)} ${i.resourceType} ${i.transferSize}`).join('\n          '));
  }
} finally { await chrome.kill(); await stack.stop(); }

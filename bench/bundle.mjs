// npm run bench:bundle — JavaScript and CSS each page really loads (from its server HTML),
// raw and gzipped, and whether heavy libraries (swiper, firebase, html2canvas) are among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, startStack } from './harness.mjs';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/explore', '/search?q=naruto', '/settings', '/anime/1', '/watching', '/does-not-exist'];
const distDir = process.env.NEXT_DIST_DIR || '.next';
// Code signatures, not names: the message catalogue mentions "html2canvas" and "Firebase" as text.
const heavy = {
  swiper: /swiper-slide-active/,
  firebase: /identitytoolkit\.googleapis\.com/,
  html2canvas: /foreignObjectRendering/,
};

/** Scripts and stylesheets a modern browser loads for the page (noModule polyfills excluded). */
function pageAssets(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/\bnoModule\b/i.test(m[1]))
    .map((m) => /src="(\/_next\/static\/[^"]+\.js)"/.exec(m[1])?.[1]);
  const preloads = [...html.matchAll(/<link\b([^>]*)>/g)]
    .filter((m) => /rel="(stylesheet|preload)"/.test(m[1]))
    .map((m) => /href="(\/_next\/static\/[^"]+\.(?:js|css))"/.exec(m[1])?.[1]);
  return [...new Set([...scripts, ...preloads].filter(Boolean))];
}

const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '0' } });
const rows = [];
try {
  for (const page of pages) {
    const html = await (await fetch(`${stack.appUrl}${page}`)).text();
    const assets = pageAssets(html);
    let js = 0;
    let jsGz = 0;
    let cssGz = 0;
    const found = new Set();
    for (const asset of assets) {
      const file = path.join(root, distDir, asset.replace('/_next/', ''));
      const body = readFileSync(file);
      const gz = gzipSync(body).length;
      if (asset.endsWith('.js')) {
        js += body.length;
        jsGz += gz;
        const text = body.toString('utf8');
        for (const [name, pattern] of Object.entries(heavy)) if (pattern.test(text)) found.add(name);
      } else {
        cssGz += gz;
      }
    }
    rows.push({
      page,
      'JS kB': (js / 1024).toFixed(1),
      'JS gz kB': (jsGz / 1024).toFixed(1),
      'CSS gz kB': (cssGz / 1024).toFixed(1),
      files: assets.length,
      heavy: [...found].join(', ') || '—',
    });
  }
} finally {
  await stack.stop();
}
console.table(rows);

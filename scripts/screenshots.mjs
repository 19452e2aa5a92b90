// Screenshots of pages in both themes, both languages, phone and desktop widths, for looking at.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:3000 / /explore "/search?q=naruto"
// Writes screenshots/<name>-<theme>-<lang>-<width>.png (the folder is gitignored).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath, root } from './lib.mjs';

const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const out = path.join(root, 'screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const url = new URL(base);
for (const target of paths.length ? paths : ['/']) {
  const name = target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
  for (const theme of ['light', 'dark']) {
    for (const lang of ['pt', 'en']) {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, colorScheme: theme });
        await context.addCookies([{ name: 'NEXT_LOCALE', value: lang, domain: url.hostname, path: '/' }]);
        const page = await context.newPage();
        await page.goto(new URL(target, base).toString(), { waitUntil: 'networkidle' });
        await page.waitForTimeout(400);
        const file = path.join(out, `${name}-${theme}-${lang}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await context.close();
      }
    }
  }
}
await browser.close();

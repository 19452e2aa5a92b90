import localFont from 'next/font/local';

/**
 * Self-hosted Inter (variable weight) from @fontsource-variable: no Google Fonts at build time.
 * Cut to what Portuguese and English pages draw (Latin-1, typographic punctuation, the messages'
 * characters; weights 400–800, the ones the styles use): 27 kB instead of the latin file's 48 kB,
 * made by `node scripts/subset-font.mjs` (docs/decisions/first-visit-bytes.md).
 * A first visit draws the system's font and fetches this file for the next page loads, which
 * preload it and draw it (lib/fonts/font-ready.ts); `fallback` there: the text waits up to 100 ms
 * for the file from the cache, and a swap can only come within 3 s (docs/decisions/fonts-and-images.md).
 */
export const inter = localFont({
  src: '../lib/fonts/inter-pt-en.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'fallback',
  // Not by the server's HTML: the theme script preloads it once it is in the cache.
  preload: false,
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});

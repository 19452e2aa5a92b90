import localFont from 'next/font/local';

/**
 * Self-hosted Inter (variable weight) from @fontsource-variable: no Google Fonts at build time.
 * Cut to what Portuguese and English pages draw (Latin-1, typographic punctuation, the messages'
 * characters; weights 400–800, the ones the styles use): 27 kB instead of the latin file's 48 kB,
 * made by `node scripts/subset-font.mjs` (docs/decisions/first-visit-bytes.md).
 * `optional`: if the font is not there within the first ~100 ms the page keeps the size-adjusted
 * fallback instead of swapping later, so text never reflows and the largest paint is not held back by a font download (next visits use Inter).
 */
export const inter = localFont({
  src: '../lib/fonts/inter-pt-en.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'optional',
  // Fetched after a first visit's page is idle, used from the next page load (lib/fonts/font-ready.ts).
  preload: false,
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});

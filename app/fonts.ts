import localFont from 'next/font/local';

/**
 * Self-hosted Inter (variable weight) from @fontsource-variable: no Google Fonts at build time.
 * The latin subset covers Portuguese (U+0000–00FF). `optional`: if the font is not there within the
 * first ~100 ms the page keeps the size-adjusted fallback instead of swapping later, so text never
 * reflows and the largest paint is not held back by a font download (next visits use Inter).
 */
export const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});

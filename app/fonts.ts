import localFont from 'next/font/local';

// Self-hosted Inter (variable weight) from @fontsource-variable: no Google Fonts at build time.
export const inter = localFont({
  src: [
    { path: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', style: 'normal' },
    { path: '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2', style: 'normal' },
  ],
  weight: '100 900',
  display: 'swap',
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});

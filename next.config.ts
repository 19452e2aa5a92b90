import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/**
 * Covers are optimised by Next's image service. In production they come from MyAnimeList's CDN.
 * When the anime database itself is on a loopback host (the e2e fake upstream serves its own
 * covers), loopback images are allowed too; Next 16 blocks them by default against SSRF.
 */
function loopbackDatabase(): boolean {
  try {
    const host = new URL(process.env.JIKAN_BASE_URL ?? 'https://api.jikan.moe/v4').hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

const allowLoopback = loopbackDatabase();

const nextConfig: NextConfig = {
  // A separate output folder lets two builds (e.g. two engineers' test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Cached pages (ISR) tell shared caches: fresh for their revalidate time (10 min), then served
  // stale for up to a day while one request regenerates them.
  expireTime: 600 + 86_400,
  reactStrictMode: true,
  images: {
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 86_400,
    dangerouslyAllowLocalIP: allowLoopback,
    remotePatterns: [
      { protocol: 'https', hostname: 'cdn.myanimelist.net' },
      { protocol: 'https', hostname: 'myanimelist.net' },
      { protocol: 'https', hostname: 's4.anilist.co' },
      ...(allowLoopback
        ? [
            { protocol: 'http' as const, hostname: '127.0.0.1' },
            { protocol: 'http' as const, hostname: 'localhost' },
          ]
        : []),
    ],
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },

    ];
  },
};

export default withNextIntl(nextConfig);

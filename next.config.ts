import type { NextConfig } from 'next';
import type { RemotePattern } from 'next/dist/shared/lib/image-config';
import createNextIntlPlugin from 'next-intl/plugin';
import { COMMON_SECURITY_HEADERS } from './scripts/security-headers.mjs';

// Messages are compiled at build time (ICU → a compact form), so the browser gets next-intl's
// small formatter instead of the ICU parser (issue 15: ~8 kB less on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/**
 * Covers are optimised by Next's image service. In production they come from MyAnimeList's CDN.
 * When the anime database itself is on a loopback host (the e2e fake upstream serves its own
 * covers), loopback images are allowed too, but only from that host and port and only under its
 * image path: Next 16 blocks local addresses by default against SSRF, and a loose pattern would let
 * `/_next/image` fetch any local port and path (the app itself, a database, an admin console).
 * Read when the server starts (`next start` loads this file), so the build may point elsewhere.
 */
const LOOPBACK_IMAGE_PATH = '/images/**';

function loopbackImagePattern(): RemotePattern | null {
  try {
    const base = new URL(process.env.JIKAN_BASE_URL ?? 'https://api.jikan.moe/v4');
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) return null;
    return {
      protocol: base.protocol === 'https:' ? 'https' : 'http',
      hostname: base.hostname,
      port: base.port,
      pathname: LOOPBACK_IMAGE_PATH,
      search: '',
    };
  } catch {
    return null;
  }
}

const loopbackImages = loopbackImagePattern();

const nextConfig: NextConfig = {
  // A separate output folder lets two builds (e.g. two engineers' test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Cached pages (ISR) tell shared caches: fresh for their revalidate time (10 min), then served
  // stale for up to a day while one request regenerates them.
  expireTime: 600 + 86_400,
  // Rendered pages are cached in memory only, in Next's LRU bounded by cacheMaxMemorySize
  // (50 MB): every search query is a cached page, so the cache must have a bound, and a restart
  // starts cold together with the data cache it was rendered from. Static shells are still read
  // from the build output.
  experimental: { isrFlushToDisk: false },
  reactStrictMode: true,
  images: {
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 86_400,
    dangerouslyAllowLocalIP: loopbackImages !== null,
    // Only the placeholder lives in public/ (and it is served unoptimised): nothing else local
    // goes through the optimiser, so it cannot be pointed at the app's own routes.
    localPatterns: [{ pathname: '/images/**', search: '' }],
    remotePatterns: [
      { protocol: 'https', hostname: 'cdn.myanimelist.net' },
      { protocol: 'https', hostname: 'myanimelist.net' },
      { protocol: 'https', hostname: 's4.anilist.co' },
      // Trailer thumbnails (Jikan's trailer.images, or YouTube's standard one for the id).
      { protocol: 'https', hostname: 'img.youtube.com', pathname: '/vi/**' },
      { protocol: 'https', hostname: 'i.ytimg.com', pathname: '/vi/**' },
      ...(loopbackImages ? [loopbackImages] : []),
    ],
  },
  // The same headers the front server sets (scripts/front-server.mjs), for `next dev` and any
  // deployment without it. The Content-Security-Policy needs each page's script hashes, so only
  // the front server can give it.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: Object.entries(COMMON_SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
};

export default withNextIntl(nextConfig);

import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { IMAGE_POLICY, securityHeaderRules } from './lib/server/security-headers';

// Messages are compiled at build time (ICU → a compact form), so the browser gets next-intl's
// small formatter instead of the ICU parser (~8 kB less on every page).
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

type RemotePattern = Exclude<NonNullable<NonNullable<NextConfig['images']>['remotePatterns']>[number], URL>;

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

/**
 * Next's incremental cache (rendered pages, route answers, fetch data, optimised images) goes
 * through the app's cacheHandler (lib/server/next-cache-handler.mjs): in Redis, shared by every
 * instance, when REDIS_URL is set; otherwise in this process's memory, bounded. Next keeps no
 * copy of its own (cacheMaxMemorySize 0, as Next's docs say for a custom handler).
 */
const renderCache: Pick<NextConfig, 'cacheHandler' | 'cacheMaxMemorySize'> = {
  cacheHandler: require.resolve('./lib/server/next-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
};

const nextConfig: NextConfig = {
  // A separate output folder lets two builds (e.g. two engineers' test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // proxy.ts reads request.url as Next received it, this server's own address included (a
  // normalised URL names 127.0.0.1 'localhost', another origin: see ownUrl there).
  skipProxyUrlNormalize: true,
  // PGlite loads its WebAssembly and data files from its own package folder at run time. pino (the
  // server's log) is on Next's own list too; named here so the log never depends on that list.
  serverExternalPackages: ['@electric-sql/pglite', 'pino'],
  // Cached pages (ISR) tell shared caches: fresh for their revalidate time (10 min), then served
  // stale for up to a day while one request regenerates them.
  expireTime: 600 + 86_400,
  // Nothing of the render cache is written to the build folder: every search query is a cached
  // page, so an unbounded disk cache could be filled by any visitor. The cacheHandler keeps pages
  // and optimised covers within bounds (Redis's maxmemory, or its in-process LRUs), so a cover is
  // optimised once per size and format, for every browser.
  experimental: { isrFlushToDisk: false },
  ...renderCache,
  reactStrictMode: true,
  images: {
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 86_400,
    // Optimised covers go through the cacheHandler too (Next's opt-in): once per size and format,
    // kept in Redis or in the handler's in-process LRU, never in an unbounded disk folder.
    customCacheHandler: true,
    contentSecurityPolicy: IMAGE_POLICY,
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
  // Every response's security headers, the static Content-Security-Policy included
  // (lib/server/security-headers.ts). Evaluated at build time, with the public settings the
  // client is built with.
  async headers() {
    return securityHeaderRules(process.env);
  },
};

export default withNextIntl(nextConfig);

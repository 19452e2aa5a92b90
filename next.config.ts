import type { NextConfig } from 'next';
import type { RemotePattern } from 'next/dist/shared/lib/image-config';
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
 * With REDIS_URL, Next's incremental cache (rendered pages, route answers, fetch data) lives in
 * Redis, shared by every instance, and Next keeps no per-instance copy (cacheMaxMemorySize 0, as
 * Next's docs say for a custom handler). Without it, Next's own in-memory cache.
 */
const sharedRenderCache: Pick<NextConfig, 'cacheHandler' | 'cacheMaxMemorySize'> = process.env.REDIS_URL?.trim()
  ? { cacheHandler: require.resolve('./lib/server/next-cache-handler.mjs'), cacheMaxMemorySize: 0 }
  : {};

const nextConfig: NextConfig = {
  // A separate output folder lets two builds (e.g. two engineers' test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // proxy.ts reads request.url as Next received it, this server's own address included (a
  // normalised URL names 127.0.0.1 'localhost', another origin: see ownUrl there).
  skipProxyUrlNormalize: true,
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Cached pages (ISR) tell shared caches: fresh for their revalidate time (10 min), then served
  // stale for up to a day while one request regenerates them.
  expireTime: 600 + 86_400,
  // Rendered pages are cached in memory only, in Next's LRU bounded by cacheMaxMemorySize
  // (50 MB): every search query is a cached page (about 150 kB of HTML and RSC), so the cache must
  // have a bound, and a restart starts cold together with the data cache it was rendered from.
  // Static shells are still read from the build output.
  //
  // The same switch turns off the optimiser's own disk cache (next/dist/server/image-optimizer.js
  // keeps one only when isrFlushToDisk is on and no cacheHandler is set): with Next's default file
  // cache, every page would be written to disk as well, without any bound, which any visitor can
  // fill by searching. So covers are kept where a bound exists: by browsers and by the edge
  // (Cache-Control public, max-age = images.minimumCacheTTL), by the nginx edge or the platform's
  // image CDN in front of the app, and in Redis (maxmemory, LRU) through the cacheHandler when
  // REDIS_URL is set. `next start` alone optimises a cover again for each browser that lacks it.
  experimental: { isrFlushToDisk: false },
  ...sharedRenderCache,
  reactStrictMode: true,
  images: {
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 86_400,
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

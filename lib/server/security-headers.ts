/**
 * Security headers of every response, given to Next by next.config.ts `headers()` (no other code
 * sets them). Next evaluates `headers()` at build time, so the policy names the outside hosts the
 * client was built to call: the same NEXT_PUBLIC_* settings Next bakes into the browser bundle.
 *
 * The Content-Security-Policy is static: one policy for every page, the same bytes for every
 * visitor. Pages are cached HTML shared by everyone (and held by an edge cache by their s-maxage),
 * so there is no per-request nonce to give; and Next's pages carry inline scripts (the RSC payload
 * `self.__next_f.push(…)`, the bootstrap, the theme script) that differ from page to page, so a
 * fixed list of hashes cannot name them. Static therefore requires `'unsafe-inline'` in
 * script-src, and that is its only loosening: scripts from files come from our origin alone, no
 * eval, no plugins, no <base>, forms post only here, and no site may frame the app.
 * docs/decisions/csp.md says what this stops and what it does not.
 *
 * Plain module (no `server-only`): next.config.ts imports it outside React's server graph.
 */

/** Hosts covers, thumbnails and profile photos come from (see next.config.ts images.remotePatterns). */
export const IMAGE_HOSTS = [
  'https://cdn.myanimelist.net',
  'https://myanimelist.net',
  'https://s4.anilist.co',
  'https://i.ytimg.com',
  // A signed-in Google account's profile photo (the user menu shows photoURL).
  'https://lh3.googleusercontent.com',
];
const VIDEO_EMBED = 'https://www.youtube-nocookie.com';
const FIREBASE_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

export interface PolicySources {
  connect: string[];
  script: string[];
  frame: string[];
}

export type PublicEnv = Record<string, string | undefined>;

/** The outside origins the browser talks to, from the public settings the client is built with. */
export function policySources(publicEnv: PublicEnv = {}): PolicySources {
  const signIn = Boolean(publicEnv.NEXT_PUBLIC_FIREBASE_API_KEY);
  const emulator = publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  const authDomain = publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN;
  return {
    connect: [...(signIn ? FIREBASE_APIS : []), ...(emulator ? [`http://${emulator}`] : [])],
    // Google sign-in's popup flow loads Google's API script and talks to the auth domain's
    // handler through a hidden frame; without sign-in configured neither is allowed.
    script: signIn && !emulator ? ['https://apis.google.com'] : [],
    frame: signIn && !emulator && authDomain ? [`https://${authDomain}`] : [],
  };
}

/** The Content-Security-Policy of every HTML page. */
export function pagePolicy(sources: PolicySources = policySources()): string {
  return [
    "default-src 'self'",
    // 'unsafe-inline': Next's inline scripts on cached pages (see above). No 'unsafe-eval'.
    `script-src 'self' 'unsafe-inline' ${sources.script.join(' ')}`.trim(),
    // React and next/font write style attributes and <style> elements; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${IMAGE_HOSTS.join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ${sources.connect.join(' ')}`.trim(),
    "media-src 'self' data:",
    `frame-src ${[VIDEO_EMBED, ...sources.frame].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Responses that are not documents (JSON, images, scripts, sounds) may run nothing and be framed nowhere. */
export const RESOURCE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Optimised images (next.config.ts images.contentSecurityPolicy: Next's optimiser sends its own):
 * the resource policy, sandboxed, so an image opened on its own runs nothing.
 */
export const IMAGE_POLICY = `${RESOURCE_POLICY}; sandbox`;

/**
 * The service worker (/sw.js, lib/pwa/worker.ts): its policy governs what the worker itself may
 * do, which is fetching from this origin (pages, covers, anime API answers) and nothing else.
 */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'";

/**
 * The worker's script is asked for again on every load and revalidated each time (no-cache), so
 * a new version reaches visitors at once, through browsers and the edge alike.
 */
export const WORKER_CACHE_CONTROL = 'no-cache';

/** Headers every response carries, whatever it is. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/** Paths whose answers are never documents: API JSON, build files, optimised images, public files. */
export const RESOURCE_PATHS = [
  '/api/:path*',
  '/_next/:path*',
  '/images/:path*',
  '/sounds/:path*',
  '/icons/:path*',
];

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

const list = (headers: Record<string, string>) =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));

/**
 * next.config.ts `headers()`: the common headers and the page policy on every path, then the
 * resource policy on paths that are never documents. When two rules set one header, Next sends the
 * later rule's value.
 */
export function securityHeaderRules(publicEnv: PublicEnv): HeaderRule[] {
  return [
    {
      source: '/:path*',
      headers: list({
        ...COMMON_SECURITY_HEADERS,
        'Content-Security-Policy': pagePolicy(policySources(publicEnv)),
      }),
    },
    ...RESOURCE_PATHS.map((source) => ({
      source,
      headers: list({ 'Content-Security-Policy': RESOURCE_POLICY }),
    })),
    {
      source: '/sw.js',
      headers: list({ 'Content-Security-Policy': WORKER_POLICY, 'Cache-Control': WORKER_CACHE_CONTROL }),
    },
  ];
}

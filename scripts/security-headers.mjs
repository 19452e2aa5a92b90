// Security headers of every response (issue 15), set by the front server (scripts/front-server.mjs).
//
// Pages are cached HTML shared by every visitor (issue 8), so a per-request nonce is impossible:
// the Content-Security-Policy of a page allows exactly the inline scripts that page contains, by
// their SHA-256 hashes, computed once when the page enters the front cache. Scripts from files
// must come from our own origin ('self'); no 'unsafe-inline', no 'unsafe-eval'.
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources for every inline script of an HTML document (scripts with src skipped). */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // JSON data blocks (application/ld+json, application/json) are not executed and need no hash.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Image hosts covers and thumbnails come from (next.config.ts images.remotePatterns, YouTube). */
const IMAGE_HOSTS = ['https://cdn.myanimelist.net', 'https://myanimelist.net', 'https://s4.anilist.co', 'https://i.ytimg.com'];
const VIDEO_EMBED = 'https://www.youtube-nocookie.com';
const FIREBASE_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

/**
 * The outside origins the browser talks to, from the public settings the client was built with
 * (`publicEnv`: the NEXT_PUBLIC_* values recorded at build time, see scripts/lib.mjs).
 */
export function policySources(publicEnv = {}) {
  const signIn = Boolean(publicEnv.NEXT_PUBLIC_FIREBASE_API_KEY);
  const emulator = publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  const authDomain = publicEnv.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN;
  return {
    connect: [
      ...(signIn ? FIREBASE_APIS : []),
      ...(emulator ? [`http://${emulator}`] : []),
    ],
    // Google sign-in's popup flow loads Google's API script and talks to the auth domain's
    // handler through a hidden frame; without sign-in configured neither is allowed.
    script: signIn && !emulator ? ['https://apis.google.com'] : [],
    frame: signIn && !emulator && authDomain ? [`https://${authDomain}`] : [],
  };
}

/** The Content-Security-Policy of an HTML page whose inline scripts have these hashes. */
export function pagePolicy(scriptHashes, sources = policySources()) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...sources.script].join(' ')}`.trim(),
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

/** Responses that are not documents (JSON, images, scripts) may run nothing and be framed nowhere. */
export const RESOURCE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** Headers every response carries, whatever it is. */
export const COMMON_SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

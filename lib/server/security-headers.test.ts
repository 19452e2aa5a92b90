import { describe, expect, it } from 'vitest';
import {
  COMMON_SECURITY_HEADERS,
  IMAGE_POLICY,
  pagePolicy,
  policySources,
  RESOURCE_POLICY,
  securityHeaderRules,
  WORKER_POLICY,
} from './security-headers';

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name);
  return found ? found.slice(1) : [];
}

describe('pagePolicy', () => {
  it('runs scripts from our origin and inline ones only: no eval, no other host, no plugins', () => {
    const policy = pagePolicy();
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-src')).toEqual(['https://www.youtube-nocookie.com']);
  });

  it('shows covers from the anime hosts and a Google account photo, and no other outside image', () => {
    const images = directive(pagePolicy(), 'img-src');
    expect(images).toContain('https://cdn.myanimelist.net');
    expect(images).toContain('https://lh3.googleusercontent.com');
    expect(images).not.toContain('*');
    expect(images).not.toContain('https:');
  });

  it('opens only the sign-in hosts the client was built for', () => {
    expect(policySources({})).toEqual({ connect: [], script: [], frame: [] });
    const real = policySources({
      NEXT_PUBLIC_FIREBASE_API_KEY: 'k',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
    });
    expect(real.connect).toContain('https://identitytoolkit.googleapis.com');
    expect(real.script).toEqual(['https://apis.google.com']);
    expect(real.frame).toEqual(['https://demo.firebaseapp.com']);
    const emulator = policySources({
      NEXT_PUBLIC_FIREBASE_API_KEY: 'k',
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9610',
    });
    expect(emulator.connect).toContain('http://127.0.0.1:9610');
    expect(emulator.script).toEqual([]);
    expect(directive(pagePolicy(emulator), 'connect-src')).toContain('http://127.0.0.1:9610');
  });
});

describe('securityHeaderRules', () => {
  const rules = securityHeaderRules({});
  const valueOf = (source: string, name: string) =>
    rules
      .filter((rule) => rule.source === source)
      .flatMap((rule) => rule.headers)
      .findLast((header) => header.key.toLowerCase() === name)?.value;

  it('gives every path the common headers and the page policy', () => {
    expect(rules[0]?.source).toBe('/:path*');
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      expect(valueOf('/:path*', name.toLowerCase())).toBe(value);
    }
    expect(valueOf('/:path*', 'content-security-policy')).toBe(pagePolicy());
  });

  it('lets no API answer, build file or public file run anything (later rules win in Next)', () => {
    for (const source of [
      '/api/:path*',
      '/_next/:path*',
      '/images/:path*',
      '/sounds/:path*',
      '/icons/:path*',
    ]) {
      expect(valueOf(source, 'content-security-policy'), source).toBe(RESOURCE_POLICY);
      expect(rules.findIndex((rule) => rule.source === source)).toBeGreaterThan(0);
    }
    expect(directive(RESOURCE_POLICY, 'default-src')).toEqual(["'none'"]);
    // Next's optimiser sends its own policy for images: the same, sandboxed.
    expect(directive(IMAGE_POLICY, 'default-src')).toEqual(["'none'"]);
    expect(directive(IMAGE_POLICY, 'sandbox')).toEqual([]);
    expect(IMAGE_POLICY.split(';').map((d) => d.trim())).toContain('sandbox');
  });

  it('lets the service worker fetch from this origin only, and has its script revalidated on each load', () => {
    expect(valueOf('/sw.js', 'content-security-policy')).toBe(WORKER_POLICY);
    expect(directive(WORKER_POLICY, 'default-src')).toEqual(["'none'"]);
    expect(directive(WORKER_POLICY, 'connect-src')).toEqual(["'self'"]);
    expect(valueOf('/sw.js', 'cache-control')).toBe('no-cache');
    expect(rules.at(-1)?.source).toBe('/sw.js');
    // Pages may start a worker of this origin and read a manifest of this origin, nothing else.
    expect(directive(pagePolicy(), 'worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive(pagePolicy(), 'manifest-src')).toEqual(["'self'"]);
  });

  it('carries HSTS, nosniff, a referrer policy and no framing', () => {
    expect(COMMON_SECURITY_HEADERS['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(COMMON_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(COMMON_SECURITY_HEADERS['X-Frame-Options']).toBe('DENY');
    expect(COMMON_SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMON_SECURITY_HEADERS, inlineScriptHashes, pagePolicy, policySources } from './security-headers.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each executable inline script once, byte for byte, and skips files and data blocks', () => {
    const html = [
      '<script>self.__next_f.push([1,"é"])</script>',
      '<script async src="/_next/static/chunks/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Movie"}</script>',
      '<SCRIPT nonce="">(function(){})()</SCRIPT >',
      '<script>self.__next_f.push([1,"é"])</script>',
      '<script type="module">import("/x.js")</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.__next_f.push([1,"é"])'),
      sha('(function(){})()'),
      sha('import("/x.js")'),
    ]);
  });
});

describe('pagePolicy', () => {
  it('allows our scripts by origin and hash only, frames only the video embed, framing nowhere', () => {
    const policy = pagePolicy([sha('a')]);
    expect(policy).toContain(`script-src 'self' ${sha('a')};`);
    expect(policy).not.toMatch(/unsafe-inline'[^;]*;.*script|script-src[^;]*unsafe/);
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.myanimelist\.net/);
  });

  it('opens only the sign-in hosts the client was built for', () => {
    expect(policySources({})).toEqual({ connect: [], script: [], frame: [] });
    const real = policySources({ NEXT_PUBLIC_FIREBASE_API_KEY: 'k', NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com' });
    expect(real.connect).toContain('https://identitytoolkit.googleapis.com');
    expect(real.script).toEqual(['https://apis.google.com']);
    expect(real.frame).toEqual(['https://demo.firebaseapp.com']);
    const emulator = policySources({ NEXT_PUBLIC_FIREBASE_API_KEY: 'k', NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9610' });
    expect(emulator.connect).toContain('http://127.0.0.1:9610');
    expect(emulator.script).toEqual([]);
    expect(pagePolicy([], emulator)).toContain('connect-src \'self\' https://identitytoolkit.googleapis.com');
  });

  it('comes with HSTS, nosniff, a referrer policy and no framing', () => {
    expect(COMMON_SECURITY_HEADERS['strict-transport-security']).toMatch(/max-age=\d{8}/);
    expect(COMMON_SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
    expect(COMMON_SECURITY_HEADERS['x-frame-options']).toBe('DENY');
    expect(COMMON_SECURITY_HEADERS['referrer-policy']).toBeTruthy();
    expect(COMMON_SECURITY_HEADERS['permissions-policy']).toContain('camera=()');
  });
});

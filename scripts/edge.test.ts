import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeFromCookieHeader } from '@/lib/i18n/locale-cookie';
import {
  edgeSettings,
  edgeSiteUrl,
  nginxArgs,
  nginxPath,
  renderEdgeConfig,
  restartDelayMs,
  TEMPLATE,
  writeEdgeConfig,
} from './edge.mjs';

const settings = (env: Record<string, string> = {}) =>
  edgeSettings({
    EDGE_DATA_DIR: '/var/cache/anime-master',
    EDGE_UPSTREAMS: '10.0.0.1:3000,10.0.0.2:3000',
    ...env,
  });

describe('renderEdgeConfig', () => {
  it('fills every placeholder outside comments, one server line per instance', () => {
    const text = renderEdgeConfig(settings({ EDGE_LISTEN: '8080' }), { brotli: false });
    const code = text
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    expect(code).not.toMatch(/@[A-Z_]+@/);
    expect(code).toContain('listen 8080;');
    expect(code).toContain('server 10.0.0.1:3000;');
    expect(code).toContain('server 10.0.0.2:3000;');
    expect(code).toContain('proxy_cache_path /var/cache/anime-master/cache/pages');
    expect(code).not.toContain('brotli');
    // The comments still say what each setting is.
    expect(text).toContain('#   @LISTEN@');
  });

  it('loads and uses brotli only when the module is there', () => {
    const text = renderEdgeConfig(settings(), { brotli: true });
    expect(text).toMatch(/^load_module \/usr\/lib\/nginx\/modules\/ngx_http_brotli_filter_module\.so;$/m);
    expect(text).toContain('brotli on;');
  });

  it('refuses settings that would break or extend the configuration', () => {
    expect(() => settings({ EDGE_UPSTREAMS: '10.0.0.1:3000; include /etc/passwd' })).toThrow(
      /EDGE_UPSTREAMS/,
    );
    expect(() => settings({ EDGE_LISTEN: '80; x' })).toThrow(/EDGE_LISTEN/);
    expect(() => settings({ EDGE_RATE: '0' })).toThrow(/EDGE_RATE/);
    expect(() => settings({ EDGE_BODY_TIMEOUT: 'ten' })).toThrow(/EDGE_BODY_TIMEOUT/);
    expect(() => settings({ EDGE_DATA_DIR: '/tmp/a b' })).toThrow(/EDGE_DATA_DIR/);
  });
});

/** The two regular expressions of the template's language maps, as written there. */
function templateLocaleRule(): (cookie: string) => string {
  const template = readFileSync(TEMPLATE, 'utf8');
  const value = /map \$http_cookie \$edge_locale_value \{[^}]*"~([^"]+)" \$value;/.exec(template)?.[1];
  const english = /map \$edge_locale_value \$edge_locale \{[^}]*"~([^"]+)" en;/.exec(template)?.[1];
  if (!value || !english) throw new Error('the language maps are not where this test expects them');
  const valueRe = new RegExp(value);
  const englishRe = new RegExp(english);
  return (cookie) => {
    const raw = valueRe.exec(cookie)?.groups?.value ?? '';
    return englishRe.test(raw) ? 'en' : 'pt';
  };
}

describe("the template's language maps", () => {
  it('read the language cookie exactly as the app does (lib/i18n/locale-cookie.ts)', () => {
    const edgeLocale = templateLocaleRule();
    const headers = [
      '',
      'NEXT_LOCALE=en',
      'NEXT_LOCALE=pt',
      'NEXT_LOCALE=pt; NEXT_LOCALE=en',
      'NEXT_LOCALE=en; NEXT_LOCALE=pt',
      'NEXT_LOCALE=junk; NEXT_LOCALE=en',
      'NEXT_LOCALE =en',
      ' NEXT_LOCALE\t=\ten ; theme=dark',
      'NEXT_LOCALE=en ',
      'NEXT_LOCALE=en\t;x=1',
      'theme=dark;NEXT_LOCALE=en',
      'next_locale=en',
      'Next_Locale=en; NEXT_LOCALE=pt',
      'next_locale=pt; NEXT_LOCALE=en',
      'NEXT_LOCALE=EN',
      'NEXT_LOCALE=%65n',
      'NEXT_LOCALE="en"',
      'NEXT_LOCALE=en=1',
      'NEXT_LOCALE=',
      'NEXT_LOCALE',
      'NEXT_LOCALE; NEXT_LOCALE=en',
      'XNEXT_LOCALE=en',
      'NEXT_LOCALE_OLD=en',
      'a=NEXT_LOCALE=en',
      ';;;=;NEXT_LOCALE=en',
      'NEXT_LOCALE=e n',
      'a=1, NEXT_LOCALE=en',
    ];
    for (const header of headers)
      expect(edgeLocale(header), JSON.stringify(header)).toBe(localeFromCookieHeader(header));
  });
});

describe.skipIf(!nginxPath())('the rendered configuration', () => {
  it('is accepted by nginx -t', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anime-master-edge-test-'));
    try {
      const rendered = edgeSettings({
        EDGE_DATA_DIR: dataDir,
        EDGE_LISTEN: '127.0.0.1:1',
        EDGE_UPSTREAMS: '127.0.0.1:2',
      });
      const file = writeEdgeConfig(rendered);
      const args = nginxArgs(rendered, file).filter((arg) => arg !== '-g' && arg !== 'daemon off;');
      const check = spawnSync(nginxPath()!, ['-t', ...args], { encoding: 'utf8' });
      expect(check.stderr).toContain('test is successful');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('start:edge', () => {
  it('waits longer after each exit in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('names its own public address unless SITE_URL is set', () => {
    const onPort = edgeSettings({ PORT: '8080' });
    expect(edgeSiteUrl(onPort, {})).toBe('http://localhost:8080');
    expect(edgeSiteUrl(edgeSettings({ EDGE_LISTEN: '0.0.0.0:443' }), {})).toBe('http://localhost:443');
    expect(edgeSiteUrl(onPort, { SITE_URL: 'https://anime.example' })).toBe('https://anime.example');
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, firstLoadChunks, withCompileHint } from './compile-hints.mjs';

let dist: string;

function write(file: string, text: string) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

function manifest(route: string, entryJSFiles: Record<string, string[]>) {
  return [
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};',
    `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles })};`,
  ].join('\n');
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  write(
    'build-manifest.json',
    JSON.stringify({
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/turbopack-1.js'],
      polyfillFiles: ['static/chunks/polyfills.js'],
    }),
  );
  write(
    'server/app/[locale]/page_client-reference-manifest.js',
    manifest('/[locale]/page', {
      '[project]/app/[locale]/layout': ['static/chunks/layout.js'],
      '[project]/app/[locale]/page': ['static/chunks/layout.js', 'static/chunks/home.js'],
    }),
  );
  write(
    'server/app/[locale]/anime/[id]/page_client-reference-manifest.js',
    manifest('/[locale]/anime/[id]/page', {
      '[project]/app/[locale]/anime/[id]/page': ['/_next/static/chunks/detail.js'],
    }),
  );
  // A route handler's manifest: no page, no first load.
  write(
    'server/app/api/x/route_client-reference-manifest.js',
    manifest('/api/x/route', { x: ['static/chunks/api.js'] }),
  );
  for (const name of ['react', 'turbopack-1', 'polyfills', 'layout', 'home', 'detail', 'api', 'swiper']) {
    write(`static/chunks/${name}.js`, `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
  }
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('firstLoadChunks', () => {
  it("lists Next's root main files and every page's entry chunks, once each", () => {
    expect(firstLoadChunks(dist)).toEqual([
      'static/chunks/detail.js',
      'static/chunks/home.js',
      'static/chunks/layout.js',
      'static/chunks/react.js',
      'static/chunks/turbopack-1.js',
    ]);
  });

  it('leaves out chunks loaded on demand, polyfills and route handlers', () => {
    const chunks = firstLoadChunks(dist);
    for (const name of ['swiper', 'polyfills', 'api'])
      expect(chunks).not.toContain(`static/chunks/${name}.js`);
  });

  it('ignores an entry that is not a chunk file of the build', () => {
    write(
      'server/app/[locale]/x/page_client-reference-manifest.js',
      manifest('/[locale]/x/page', { a: ['static/chunks/../../../etc/passwd', 'static/css/x.css'] }),
    );
    expect(firstLoadChunks(dist)).toHaveLength(5);
  });
});

describe('withCompileHint', () => {
  it('puts the magic comment on the first line, once', () => {
    const once = withCompileHint('code();');
    expect(once).toBe(`${COMPILE_HINT}code();`);
    expect(once.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(withCompileHint(once)).toBe(once);
  });
});

describe('addCompileHints', () => {
  it('marks the first-load chunks only, and a second run changes nothing', () => {
    expect(addCompileHints(dist).count).toBe(5);
    const read = (name: string) => readFileSync(path.join(dist, `static/chunks/${name}.js`), 'utf8');
    for (const name of ['react', 'turbopack-1', 'layout', 'home', 'detail'])
      expect(read(name).startsWith(COMPILE_HINT)).toBe(true);
    for (const name of ['swiper', 'polyfills', 'api']) expect(read(name).startsWith('//')).toBe(false);
    const before = read('home');
    addCompileHints(dist);
    expect(read('home')).toBe(before);
  });

  it('skips a listed chunk that is missing instead of failing the build', () => {
    rmSync(path.join(dist, 'static/chunks/detail.js'));
    expect(addCompileHints(dist).count).toBe(4);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  BUILD_ID_FILE,
  buildIdIn,
  buildIdOfServerDir,
  CACHE_TAGS_HEADER,
  ENTRY_KIND,
  responseCacheTags,
} from './next-internals.mjs';

/**
 * Pins what lib/server/next-internals.mjs assumes of Next's private formats against the installed
 * Next (docs/decisions/next-internals.md). A Next upgrade that changes any of them fails here:
 * then next-internals.mjs, and only it, is brought in line.
 */
const require = createRequire(import.meta.url);
const nextConstants = require('next/dist/lib/constants') as { NEXT_CACHE_TAGS_HEADER: string };
const sharedConstants = require('next/dist/shared/lib/constants') as { BUILD_ID_FILE: string };
const responseCache = require('next/dist/server/response-cache/types') as {
  CachedRouteKind: Record<string, string>;
};

describe('Next’s private formats, as the installed Next has them', () => {
  it('keeps the build id in BUILD_ID', () => {
    expect(sharedConstants.BUILD_ID_FILE).toBe(BUILD_ID_FILE);
  });

  it('lists a cached response’s tags in x-next-cache-tags', () => {
    expect(nextConstants.NEXT_CACHE_TAGS_HEADER).toBe(CACHE_TAGS_HEADER);
  });

  it('names the entry kinds the handler tells apart as the handler does', () => {
    for (const [name, kind] of Object.entries(ENTRY_KIND))
      expect(responseCache.CachedRouteKind[name]).toBe(kind);
  });

  it('is the Next major these were checked against', () => {
    const { version } = require('next/package.json') as { version: string };
    expect(version.split('.')[0]).toBe('16');
  });
});

describe('reading them', () => {
  it('reads the build id beside the server output, once per folder', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'next-internals-'));
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, BUILD_ID_FILE), 'abc123\n');
    expect(buildIdOfServerDir(path.join(dist, 'server'))).toBe('abc123');
    fs.writeFileSync(path.join(dist, BUILD_ID_FILE), 'changed');
    expect(buildIdIn(dist)).toBe('abc123');
    expect(buildIdOfServerDir(undefined)).toBe('unknown');
    expect(buildIdIn(path.join(dist, 'missing'))).toBe('unknown');
  });

  it('reads a response’s tags from its header', () => {
    expect(responseCacheTags({ kind: 'APP_PAGE', headers: { [CACHE_TAGS_HEADER]: 'a,b,' } })).toEqual([
      'a',
      'b',
    ]);
    expect(responseCacheTags({ kind: 'APP_PAGE', headers: {} })).toEqual([]);
    expect(responseCacheTags({ kind: 'FETCH', data: {} })).toEqual([]);
    expect(responseCacheTags(null)).toEqual([]);
  });
});

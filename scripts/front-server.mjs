// The production server: Next 16 (the app, in this process, on a private loopback port) behind the
// front server, which answers cached pages from memory (scripts/front-cache.mjs) and gives every
// response its security headers (scripts/security-headers.mjs). `npm start`, the e2e suite and the
// benchmarks all serve the app through here, so what is tested is what runs.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import {
  chooseEncoding,
  compress,
  createEntry,
  createFrontCache,
  encodedBody,
  entityTag,
  frontCacheKey,
  isPagePath,
  storableLife,
} from './front-cache.mjs';
import { requestApp } from './app-request.mjs';
import { assetBody, assetCacheKey, assetLife, createAssetCache, createAssetEntry } from './asset-cache.mjs';
import {
  deferScriptsToFirstPaint,
  inlineCompletedBoundaries,
  revealCompletedBoundaries,
} from './first-paint.mjs';
import {
  COMMON_SECURITY_HEADERS,
  inlineScriptHashes,
  pagePolicy,
  policySources,
  RESOURCE_POLICY,
} from './security-headers.mjs';

/** Headers that describe one hop or one encoding of a body: never copied from Next's answer. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'etag',
  'x-frame-options',
  'content-security-policy',
]);

/** The NEXT_PUBLIC_* values the client was built with (written by scripts/lib.mjs build()). */
export function readBuildPublicEnv(distDir) {
  try {
    return JSON.parse(readFileSync(path.join(distDir, 'anime-master-public-env.json'), 'utf8'));
  } catch {
    return {};
  }
}

function listen(server, port, hostname) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function appendVary(value, name) {
  const names = String(value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.some((v) => v.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/**
 * Starts the app. `port` 0 picks a free one. Returns { url, port, close() }.
 * Options: `dir` (the project), `hostname` to bind (default: every interface, like `next start`),
 * `maxAgeMs` (longest a page is answered from the front cache before Next is asked again).
 */
export async function startFrontServer({
  dir = process.cwd(),
  port = 3000,
  hostname,
  maxAgeMs = Number(process.env.FRONT_CACHE_MAX_AGE_MS ?? 30_000),
  maxBytes = Number(process.env.FRONT_CACHE_MAX_MB ?? 64) * 1024 * 1024,
  assetMaxBytes = Number(process.env.FRONT_ASSET_CACHE_MAX_MB ?? 64) * 1024 * 1024,
} = {}) {
  const app = next({ dev: false, dir, hostname: 'localhost', port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const internal = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  internal.keepAliveTimeout = 65_000;
  const internalPort = await listen(internal, 0, '127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const distDir = path.join(dir, process.env.NEXT_DIST_DIR || '.next');
  const sources = policySources({ ...readBuildPublicEnv(distDir) });
  const cache = createFrontCache({ maxAgeMs, maxBytes });
  const assets = createAssetCache({ maxBytes: assetMaxBytes });

  function securityHeaders(res, policy) {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('content-security-policy', policy);
  }

  /** The stored body of a cached page in the encoding the client accepts. */
  const storedBody = (entry) => (acceptEncoding) => encodedBody(entry.bodies, acceptEncoding);

  /**
   * Writes one page answer: its headers, then 304 when the client has this body already, else the
   * body in the encoding the client accepts (`bodyFor(acceptEncoding)` → { encoding, body }).
   */
  function sendPage(req, res, { status, headers, state, etag, bodyFor }) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('x-front-cache', state);
    if (etag) res.setHeader('etag', etag);
    if (etag && req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const { encoding, body } = bodyFor(req.headers['accept-encoding']);
    res.statusCode = status;
    if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendEntry(req, res, entry, state) {
    sendPage(req, res, {
      status: 200,
      // Answered from a cached render: Next's own signal says so too (tests and tools read it).
      headers: { ...entry.headers, 'x-nextjs-cache': 'HIT' },
      state,
      etag: entry.etag,
      bodyFor: storedBody(entry),
    });
  }

  /** A build file or an optimised cover from the asset cache (scripts/asset-cache.mjs). */
  function sendAsset(req, res, entry, state) {
    securityHeaders(res, RESOURCE_POLICY);
    const headers = { ...entry.headers };
    // Next's own signal, for a cover: its optimised image came from a cache.
    if (state === 'HIT' && headers['x-nextjs-cache'] !== undefined) headers['x-nextjs-cache'] = 'HIT';
    if (entry.compressible) headers.vary = appendVary(headers.vary, 'Accept-Encoding');
    sendPage(req, res, {
      status: 200,
      headers,
      state,
      etag: entry.etag,
      bodyFor: (acceptEncoding) => assetBody(entry, acceptEncoding),
    });
  }

  /** Copies Next's answer headers, minus hop and encoding ones. */
  function copyHeaders(upstream) {
    const headers = {};
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
    }
    return headers;
  }

  function forward(req, res, { key, stale, asset = null }) {
    const page = isPagePath((req.url ?? '/').split('?')[0]) && req.headers.rsc === undefined;
    const headers = { ...req.headers };
    // The per-client budget keys on the first X-Forwarded-For hop (lib/server/client-budget.ts);
    // a direct visitor is named by its socket address, as `next start` does.
    if (!headers['x-forwarded-for'] && req.socket.remoteAddress)
      headers['x-forwarded-for'] = req.socket.remoteAddress;
    // Page documents come back uncompressed: they are read whole here (script hashes), then
    // compressed once. Everything else streams through, compressed by Next.
    // So are build files: they are compressed here once and kept (scripts/asset-cache.mjs).
    if (page || asset?.kind === 'static') headers['accept-encoding'] = 'identity';
    const onResponse = (upstream) => {
      const type = String(upstream.headers['content-type'] ?? '');
      const assetLifeMs =
        asset && req.method === 'GET'
          ? assetLife({ status: upstream.statusCode ?? 502, headers: upstream.headers })
          : 0;
      if (assetLifeMs > 0) {
        const chunks = [];
        upstream.on('data', (chunk) => chunks.push(chunk));
        upstream.on('error', () => res.destroy());
        upstream.on('end', () => {
          const entry = createAssetEntry({
            headers: copyHeaders(upstream),
            body: Buffer.concat(chunks),
            lifeMs: assetLifeMs,
            now: Date.now(),
          });
          assets.store(asset.key, entry);
          sendAsset(req, res, entry, 'MISS');
        });
        return;
      }
      if (!page || !type.startsWith('text/html')) {
        for (const [name, value] of Object.entries(upstream.headers)) {
          if (
            value !== undefined &&
            name !== 'connection' &&
            name !== 'keep-alive' &&
            name !== 'x-frame-options'
          ) {
            res.setHeader(name, value);
          }
        }
        securityHeaders(res, RESOURCE_POLICY);
        res.statusCode = upstream.statusCode ?? 502;
        upstream.pipe(res);
        if (stale) cache.refreshFailed(stale);
        return;
      }
      const chunks = [];
      upstream.on('data', (chunk) => chunks.push(chunk));
      upstream.on('error', () => res.destroy());
      upstream.on('end', () => {
        const status = upstream.statusCode ?? 502;
        if (stale && status >= 500) {
          // Next could not give the page now: the last good one stays and is answered.
          cache.refreshFailed(stale);
          sendEntry(req, res, stale, 'STALE');
          return;
        }
        // The page is shown whole, then the app starts (scripts/first-paint.mjs); the policy
        // hashes the page as sent, loader included.
        const html = deferScriptsToFirstPaint(
          revealCompletedBoundaries(inlineCompletedBoundaries(Buffer.concat(chunks).toString('utf8'))),
        );
        const body = Buffer.from(html, 'utf8');
        const answer = copyHeaders(upstream);
        answer.vary = appendVary(answer.vary, 'Cookie');
        for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) answer[name] = value;
        answer['content-security-policy'] = pagePolicy(inlineScriptHashes(html), sources);
        const life = storableLife({ status, headers: upstream.headers }, cache.maxAgeMs);
        if (key && req.method === 'GET' && life.freshMs > 0) {
          const entry = createEntry({ headers: answer, body, ...life, now: Date.now() });
          cache.store(key, entry);
          sendPage(req, res, {
            status,
            headers: answer,
            state: 'MISS',
            etag: entry.etag,
            bodyFor: storedBody(entry),
          });
          return;
        }
        if (stale) cache.refreshFailed(stale);
        sendPage(req, res, {
          status,
          headers: answer,
          state: 'BYPASS',
          etag: status === 200 ? entityTag(body) : undefined,
          bodyFor: (acceptEncoding) => {
            const encoding = chooseEncoding(acceptEncoding);
            return { encoding, body: compress(body, encoding) };
          },
        });
      });
    };
    const onError = (error) => {
      if (stale) {
        cache.refreshFailed(stale);
        sendEntry(req, res, stale, 'STALE');
        return;
      }
      console.error('front server: the app did not answer', error);
      if (!res.headersSent) {
        res.statusCode = 502;
        securityHeaders(res, RESOURCE_POLICY);
      }
      res.end();
    };
    const upstreamRequest = requestApp(
      { host: '127.0.0.1', port: internalPort, method: req.method, path: req.url, headers, agent },
      onResponse,
      onError,
    );
    req.pipe(upstreamRequest);
  }

  const front = http.createServer((req, res) => {
    const asset = assetCacheKey(req);
    if (asset) {
      const entry = assets.get(asset.key);
      if (entry) return sendAsset(req, res, entry, 'HIT');
      return forward(req, res, { key: null, stale: null, asset });
    }
    const key = frontCacheKey(req);
    if (key) {
      const found = cache.lookup(key);
      if (found.action === 'hit') return sendEntry(req, res, found.entry, 'HIT');
      if (found.action === 'stale') return sendEntry(req, res, found.entry, 'STALE');
      if (found.action === 'refresh') return forward(req, res, { key, stale: found.entry });
    }
    return forward(req, res, { key, stale: null });
  });
  front.keepAliveTimeout = 65_000;
  const boundPort = await listen(front, port, hostname);

  return {
    port: boundPort,
    url: `http://127.0.0.1:${boundPort}`,
    cache,
    assets,
    async close() {
      const frontClosed = new Promise((resolve) => front.close(() => resolve()));
      const internalClosed = new Promise((resolve) => internal.close(() => resolve()));
      front.closeAllConnections();
      internal.closeAllConnections();
      await Promise.all([frontClosed, internalClosed]);
      agent.destroy();
      await app.close?.();
    },
  };
}

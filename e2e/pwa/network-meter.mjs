// Bytes a visit downloads, counted by Chromium itself through the DevTools protocol on the page's
// target and on every service worker target of its browser context: what the page fetched from
// the network (answers its worker served are counted once, on the worker's side) plus everything
// its workers fetched. Used by bench/real-user.mjs and e2e/pwa/first-visit.spec.ts.
//
// Workers are attached from a browser-level session (Target.attachToTarget, unflattened: their
// messages arrive on that session), so a worker that starts in the middle of the visit is counted
// from its first request; the same network conditions are applied to it as to the page. A
// worker's own script is fetched by the browser before its target exists, where neither target
// reports it: it is counted when its target appears, at the size the server sends it (gzip,
// headers included), fetched again here.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** The bytes a browser receives for `url`: status line, headers and the gzipped body. */
function transferSize(url) {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * What a phone's browser on the throttled link tells the page (Network Information API): some
 * Chromium versions apply DevTools' throttling to the traffic but keep reporting the machine's own
 * estimates in `navigator.connection`, where the page decides how much to fetch ahead
 * (lib/pwa/offline-kit.ts). Runs in the page, before its scripts.
 */
function reportLink({ rtt, downlink }) {
  const connection = navigator.connection;
  if (!connection) return;
  const report = { rtt, downlink: Math.round(downlink * 40) / 40, effectiveType: rtt >= 270 ? '3g' : '4g' };
  for (const [name, value] of Object.entries(report))
    Object.defineProperty(connection, name, { configurable: true, get: () => value });
}

/**
 * Starts counting for `page` (before its first navigation). `throttle`, when given, is applied to
 * the page and to its workers: { latencyMs, downloadBytesPerSecond, uploadBytesPerSecond }.
 * Returns { cdp, bytesSince(startMs, windowMs), total(), stop() }; `cdp` is the page's session.
 */
export async function meterNetwork(browser, context, page, { throttle } = {}) {
  const conditions = throttle && {
    offline: false,
    latency: throttle.latencyMs,
    downloadThroughput: throttle.downloadBytesPerSecond,
    uploadThroughput: throttle.uploadBytesPerSecond,
  };
  /** requestId (per target) → { url, finished, by: [Date.now() ms, bytes][] } */
  const requests = new Map();
  const received = (key, url, bytes) => {
    const entry = requests.get(key) ?? { url, by: [], finished: false };
    if (url && !entry.url) entry.url = url;
    entry.by.push([Date.now(), bytes]);
    requests.set(key, entry);
  };
  const servedByWorker = new Set();

  const cdp = await context.newCDPSession(page);
  const { targetInfo: pageInfo } = await cdp.send('Target.getTargetInfo');
  const urls = new Map();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(`page:${event.requestId}`, event.request.url));
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromServiceWorker) servedByWorker.add(`page:${event.requestId}`);
  });
  cdp.on('Network.dataReceived', (event) => {
    const key = `page:${event.requestId}`;
    if (!servedByWorker.has(key)) received(key, urls.get(key), event.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const key = `page:${event.requestId}`;
    if (servedByWorker.has(key)) return;
    settle(key, urls.get(key), event.encodedDataLength);
  });
  await cdp.send('Network.enable');
  if (conditions) {
    await cdp.send('Network.emulateNetworkConditions', conditions);
    await context.addInitScript(reportLink, {
      rtt: throttle.latencyMs,
      downlink: (throttle.downloadBytesPerSecond * 8) / 1_000_000,
    });
  }

  /** The request's whole size (headers included) once it is finished: what was not yet counted. */
  function settle(key, url, total) {
    const entry = requests.get(key) ?? { url, by: [], finished: false };
    const counted = entry.by.reduce((sum, [, bytes]) => sum + bytes, 0);
    entry.by.push([Date.now(), Math.max(0, total - counted)]);
    entry.finished = true;
    requests.set(key, entry);
  }

  const browserSession = await browser.newBrowserCDPSession();
  const workers = new Map(); // sessionId → { next id, urls }
  const toWorker = (sessionId, method, params = {}) => {
    const worker = workers.get(sessionId);
    worker.id += 1;
    return browserSession.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: worker.id, method, params }),
    });
  };
  browserSession.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const worker = workers.get(sessionId);
    if (!worker) return;
    const { method, params } = JSON.parse(message);
    const key = `${sessionId}:${params?.requestId}`;
    if (method === 'Network.requestWillBeSent') worker.urls.set(key, params.request.url);
    else if (method === 'Network.dataReceived') received(key, worker.urls.get(key), params.encodedDataLength);
    else if (method === 'Network.loadingFinished')
      settle(key, worker.urls.get(key), params.encodedDataLength);
  });
  const attach = async (targetInfo) => {
    if (targetInfo.type !== 'service_worker' || targetInfo.browserContextId !== pageInfo.browserContextId)
      return;
    if ([...workers.values()].some((worker) => worker.targetId === targetInfo.targetId)) return;
    const { sessionId } = await browserSession.send('Target.attachToTarget', {
      targetId: targetInfo.targetId,
      flatten: false,
    });
    workers.set(sessionId, { id: 0, urls: new Map(), targetId: targetInfo.targetId });
    const seenAt = Date.now();
    void transferSize(targetInfo.url).then(
      (bytes) => {
        const key = `${sessionId}:script`;
        requests.set(key, { url: targetInfo.url, by: [[seenAt, bytes]], finished: true });
      },
      () => undefined,
    );
    await toWorker(sessionId, 'Network.enable');
    if (conditions) await toWorker(sessionId, 'Network.emulateNetworkConditions', conditions);
  };
  browserSession.on(
    'Target.targetCreated',
    ({ targetInfo }) => void attach(targetInfo).catch(() => undefined),
  );
  await browserSession.send('Target.setDiscoverTargets', { discover: true });

  const sum = (from, to) => {
    let bytes = 0;
    let count = 0;
    let byWorker = 0;
    let workerRequests = 0;
    for (const [key, entry] of requests) {
      const inWindow = entry.by
        .filter(([at]) => at >= from && at <= to)
        .reduce((total, [, b]) => total + b, 0);
      if (inWindow === 0 && !entry.by.some(([at]) => at >= from && at <= to)) continue;
      bytes += inWindow;
      count += 1;
      if (!key.startsWith('page:')) {
        byWorker += inWindow;
        workerRequests += 1;
      }
    }
    return { bytes, requests: count, workerBytes: byWorker, workerRequests };
  };

  return {
    cdp,
    /** Bytes received from `startMs` (Date.now() before the navigation) for `windowMs`. */
    bytesSince: (startMs, windowMs) => sum(startMs, startMs + windowMs),
    total: () => sum(0, Number.POSITIVE_INFINITY),
    /** Each request's URL and bytes (for a report of what was downloaded). */
    entries: () =>
      [...requests].map(([key, entry]) => ({
        url: entry.url,
        worker: !key.startsWith('page:'),
        bytes: entry.by.reduce((total, [, b]) => total + b, 0),
        at: entry.by[0]?.[0] ?? null,
      })),
    async stop() {
      await browserSession.detach().catch(() => undefined);
    },
  };
}

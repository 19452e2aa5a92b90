import net from 'node:net';
import { expect, test } from '@playwright/test';
import { nginxBinary, startEdgeStack, type EdgeStack } from './edge-stack';
import { rawRequest } from './http';

/**
 * What the shipped nginx configuration (deploy/nginx) does about clients: the address it passes
 * to the app, slow and large request bodies, TRACE, and the per-client request and connection bounds.
 */
test.skip(!nginxBinary(), 'nginx is not installed: npm test installs it (apt-get install nginx)');
// One stack for the file: its tests run in order in one worker (the bounds are per client, and
// every request of a test comes from 127.0.0.1).
test.describe.configure({ mode: 'default' });

const CONNECTIONS = 4;
let stack: EdgeStack;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startEdgeStack({
    EDGE_RATE: '5',
    EDGE_BURST: '20',
    EDGE_CONNECTIONS: String(CONNECTIONS),
    EDGE_BODY_TIMEOUT: '2s',
  });
});

test.afterAll(async () => {
  await stack?.close();
});

test.afterEach(() => {
  stack.tap.mode = 'pass';
});

test('a forged X-Forwarded-For or X-Real-IP does not become the client address', async () => {
  for (const path of ['/api/anime/top?page=2', '/anime/20']) {
    const answer = await rawRequest(stack.edgeUrl, 'GET', path, [
      ['X-Forwarded-For', '203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
      // Bypasses the page cache, so that the page request reaches the app too.
      ['Authorization', 'Bearer any'],
    ]);
    expect(answer.status, path).toBe(200);
    const reached = stack.tap.callsFor(path).at(-1);
    expect(reached, path).toBeTruthy();
    // X-Real-IP is the address nginx saw, whatever the client claimed.
    expect(reached!.headers['x-real-ip'], path).toBe('127.0.0.1');
    // X-Forwarded-For keeps the claim but ends with the real peer: the one hop the app trusts.
    const hops = String(reached!.headers['x-forwarded-for'])
      .split(',')
      .map((hop) => hop.trim());
    expect(hops, path).toEqual(['203.0.113.9', '127.0.0.1']);
  }
});

test('a slow upload never reaches Next and is cut off when it stalls', async () => {
  const { hostname, port } = new URL(stack.edgeUrl);
  const path = '/api/anime/top?slow-upload';
  const socket = net.connect(Number(port), hostname);
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n`,
  );
  // A byte at a time, each within the body timeout: nginx holds the upload; Next sees nothing.
  for (let i = 0; i < 4; i += 1) {
    socket.write('x');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(stack.tap.callsFor(path)).toHaveLength(0);
  // Then it stalls: nginx drops the connection once the body timeout passes.
  await closed;
  expect(Buffer.concat(received).toString()).not.toContain('200 OK');
  expect(stack.tap.callsFor(path)).toHaveLength(0);
});

test('a request body over the limit is refused by nginx', async () => {
  const path = '/api/anime/top?large-body';
  const answer = await new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(stack.edgeUrl);
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n` +
        `Content-Type: text/plain\r\nContent-Length: ${1024 * 1024}\r\n\r\n`,
    );
  });
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(stack.tap.callsFor(path)).toHaveLength(0);
});

test('TRACE is answered 405 by nginx on every path', async () => {
  for (const path of ['/', '/anime/20', '/api/anime/top']) {
    const answer = await rawRequest(stack.edgeUrl, 'TRACE', path);
    expect(answer.status, path).toBe(405);
  }
  expect(stack.tap.calls.filter((call) => call.method === 'TRACE')).toHaveLength(0);
});

test('a client holding its connection limit gets 429 for one more', async () => {
  stack.tap.mode = 'hang';
  const path = (i: number) => `/api/anime/top?held=${i}`;
  const held = Array.from({ length: CONNECTIONS }, (_, i) => {
    const { hostname, port } = new URL(stack.edgeUrl);
    const socket = net.connect(Number(port), hostname);
    socket.write(`GET ${path(i)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    return socket;
  });
  try {
    await expect
      .poll(() => stack.tap.calls.filter((call) => call.url.includes('held=')).length)
      .toBe(CONNECTIONS);
    const extra = await rawRequest(stack.edgeUrl, 'GET', '/api/anime/top?one-more');
    expect(extra.status).toBe(429);
    expect(stack.tap.callsFor('/api/anime/top?one-more')).toHaveLength(0);
  } finally {
    for (const socket of held) socket.destroy();
  }
});

test('a client over its request rate gets 429', async () => {
  // One request at a time (one connection): only the rate can refuse them.
  const statuses: number[] = [];
  while (statuses.length < 200 && !statuses.includes(429)) {
    statuses.push((await rawRequest(stack.edgeUrl, 'HEAD', '/anime/20')).status);
  }
  expect(statuses[0]).toBe(200);
  expect(statuses).toContain(429);
  expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
});

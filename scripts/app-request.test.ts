import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestApp } from './app-request.mjs';

/** An app whose first connection is reset on its first request; later requests get 200 'ok'. */
async function resettingApp() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (seen.length === 1) {
      req.socket.destroy();
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, port: (server.address() as AddressInfo).port };
}

function send(port: number, method: string) {
  return new Promise<{ status?: number; body?: string; error?: NodeJS.ErrnoException }>((resolve) => {
    const request = requestApp(
      { host: '127.0.0.1', port, method, path: '/chunk.js' },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
      (error) => resolve({ error: error as NodeJS.ErrnoException }),
    );
    request.end();
  });
}

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

describe('requestApp', () => {
  it('sends a GET once more, on a new connection, when its connection was reset', async () => {
    const app = await resettingApp();
    server = app.server;
    expect(await send(app.port, 'GET')).toEqual({ status: 200, body: 'ok' });
    expect(app.seen).toEqual(['GET /chunk.js', 'GET /chunk.js']);
  });

  it('hands a reset POST to the error handler without sending it again', async () => {
    const app = await resettingApp();
    server = app.server;
    const answer = await send(app.port, 'POST');
    expect(answer.error?.code).toBe('ECONNRESET');
    expect(app.seen).toEqual(['POST /chunk.js']);
  });

  it('hands any other failure to the error handler', async () => {
    const app = await resettingApp();
    const { port } = app;
    await new Promise((resolve) => app.server.close(resolve));
    expect((await send(port, 'GET')).error?.code).toBe('ECONNREFUSED');
  });
});

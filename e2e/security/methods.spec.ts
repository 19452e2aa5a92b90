import net from 'node:net';
import { expect, test } from '../support';

/**
 * Sends `head` and then one byte of a body that never comes, the way a slow client holds a
 * connection; resolves with the status line once the server answers, or null after `waitMs`.
 */
function answerWithoutBody(baseURL: string, head: string, waitMs: number): Promise<string | null> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    const done = (value: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const line = received.indexOf('\r\n');
      if (line !== -1) done(received.slice(0, line));
    });
    socket.on('error', () => done(null));
    socket.write(`${head}\r\nHost: ${hostname}:${port}\r\nContent-Length: 100000\r\n\r\nx`);
  });
}

test.describe('GET-only routes read no request body', () => {
  for (const path of ['/api/anime/1', '/api/anime/top?page=1', '/explore?tab=top&view=grid', '/anime/1']) {
    test(`${path} answers while the body is still coming`, async ({ baseURL }) => {
      const status = await answerWithoutBody(baseURL!, `GET ${path} HTTP/1.1`, 10_000);
      expect(status).toMatch(/^HTTP\/1\.1 200 /);
    });
  }
});

test.describe('pages answer GET and HEAD only', () => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    test(`${method} on a page is 405 with Allow`, async ({ request }) => {
      for (const path of [
        '/',
        '/explore?tab=top&view=grid',
        '/anime/1',
        '/anime/1/review?s=4',
        '/no-such-page',
      ]) {
        const response = await request.fetch(path, { method, maxRedirects: 0 });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()['allow'], `${method} ${path}`).toBe('GET, HEAD');
      }
    });
  }

  test('API routes answer methods they do not serve with 405 too', async ({ request }) => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await request.fetch('/api/anime/top', { method });
      expect(response.status(), method).toBe(405);
    }
  });
});

import net from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body, decompressed when it came gzipped. */
  body: string;
}

/**
 * One HTTP/1.1 request written by hand on its own connection, so a test can send what a browser
 * never would (two Cookie headers, TRACE, a forged X-Real-IP) exactly as written.
 * `headers` is a list of [name, value] pairs sent in order, duplicates kept.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: [string, string][] = [],
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const finish = () => {
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
    };
    // The answer ends with its body, not with the connection: nginx keeps a connection open
    // until a background refresh started by its request is over.
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (answerComplete(Buffer.concat(chunks).toString('latin1'), method)) finish();
    });
    socket.on('error', reject);
    socket.on('end', finish);
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
    for (const [name, value] of headers) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

function answerComplete(text: string, method: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return false;
  if (method === 'HEAD') return true;
  const head = text.slice(0, end);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length[1]);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return /(?:^|\r\n)0\r\n\r\n$/.test(text.slice(end + 4));
  return false;
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end === -1 ? text.length : end).split('\r\n');
  const status = Number(head[0]?.split(' ')[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = end === -1 ? '' : text.slice(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  let bytes = Buffer.from(body, 'latin1');
  if (headers['content-encoding'] === 'gzip' && bytes.length > 0) bytes = gunzipSync(bytes);
  return { status, headers, body: bytes.toString('utf8') };
}

function dechunk(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) break;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return out;
}

/** The language a page was rendered in, from its `<html lang>`. */
export function pageLang(html: string): string | null {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? null;
}

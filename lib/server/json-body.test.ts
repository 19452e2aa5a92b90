import { describe, expect, it } from 'vitest';
import { readJsonBody } from './json-body';

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request('http://app.test/api', { method: 'POST', body, headers });
}

/** A body sent in pieces without a declared length, as a chunked upload is. */
function streamed(parts: string[]) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Request('http://app.test/api', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
}

describe('readJsonBody', () => {
  it('answers the parsed body', async () => {
    await expect(readJsonBody(post('{"handle":"ana","public":true}'), 100)).resolves.toEqual({
      value: { handle: 'ana', public: true },
    });
    await expect(readJsonBody(streamed(['{"a":', '[1,2]}']), 100)).resolves.toEqual({ value: { a: [1, 2] } });
  });

  it('refuses a body longer than the bound, by its declared length or as it arrives', async () => {
    await expect(readJsonBody(post('{}', { 'content-length': '101' }), 100)).resolves.toEqual({
      problem: 'too-large',
    });
    await expect(readJsonBody(streamed(['{"a":"', 'x'.repeat(100), '"}']), 100)).resolves.toEqual({
      problem: 'too-large',
    });
  });

  it('tells an absent body from one that is not JSON or nested too deep', async () => {
    await expect(readJsonBody(post(null), 100)).resolves.toEqual({ problem: 'empty' });
    await expect(readJsonBody(post('{"a":'), 100)).resolves.toEqual({ problem: 'malformed' });
    await expect(readJsonBody(post('['.repeat(40) + ']'.repeat(40)), 1000)).resolves.toEqual({
      problem: 'malformed',
    });
  });
});

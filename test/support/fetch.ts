import { vi } from 'vitest';

/** What an upstream answers to one request. */
export type UpstreamHandler = (url: URL) => Response | Promise<Response>;

/**
 * Replaces `fetch` with `handler` until `vi.unstubAllGlobals()`: the code under test talks to a
 * scripted upstream. Returns the URLs it asked for, in order.
 */
export function stubUpstream(handler: UpstreamHandler): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input));
      calls.push(url);
      return handler(url);
    }),
  );
  return calls;
}

/** A JSON answer, as an upstream API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

import { jsonTooDeep } from './json-depth';

/** A request's JSON body, or why there is none: longer than allowed, absent, or not (bounded) JSON. */
export type JsonBody = { value: unknown } | { problem: 'too-large' | 'empty' | 'malformed' };

/**
 * The body of `request` as JSON, read up to `maxBytes`: a longer one is refused by its declared
 * length or, without one, as soon as it is longer, before anything is parsed; one nested deeper
 * than any protocol of the app is refused before JSON.parse (lib/server/json-depth.ts).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { problem: 'too-large' };
  const reader = request.body?.getReader();
  if (!reader) return { problem: 'empty' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { problem: 'too-large' };
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  // Measured before parsing: a deeply nested body would hold the event loop while it failed.
  if (jsonTooDeep(text)) return { problem: 'malformed' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'malformed' };
  }
}

import { readBounded } from '@/lib/utils/read-bounded';
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
  if (!request.body) return { problem: 'empty' };
  const bytes = await readBounded(request.body, maxBytes);
  if (!bytes) return { problem: 'too-large' };
  const text = new TextDecoder().decode(bytes);
  // Measured before parsing: a deeply nested body would hold the event loop while it failed.
  if (jsonTooDeep(text)) return { problem: 'malformed' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'malformed' };
  }
}

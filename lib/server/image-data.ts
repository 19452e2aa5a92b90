import 'server-only';
import { httpUrl, isTimeoutError } from './upstream';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 2_000_000;
/** What the Open Graph renderer (satori) can draw. */
const DRAWABLE = ['image/png', 'image/jpeg', 'image/gif'];

/**
 * A cover image as a data URL for server-side drawing (the Open Graph card), or null when it
 * cannot be fetched within 5 s, is not a PNG/JPEG/GIF or is over 2 MB: the card is then drawn
 * without it rather than failing.
 */
export async function fetchImageDataUrl(url: string | null): Promise<string | null> {
  const safe = httpUrl(url);
  if (!safe) return null;
  try {
    const response = await fetch(safe, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || !DRAWABLE.includes(type) || length > MAX_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_BYTES) return null;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch (error) {
    console.warn('[og] cover not drawn', isTimeoutError(error) ? 'timeout' : error);
    return null;
  }
}

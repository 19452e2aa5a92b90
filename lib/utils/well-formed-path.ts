/**
 * A path whose percent-encoding does not decode (a stray '%', the UTF-8 bytes of a lone surrogate
 * such as %ED%A0%80): Next's router answers those with a bare 500 when it decodes a dynamic
 * segment (vercel/next.js#92527), even after a rewrite, so they never reach it. Null when fine,
 * else the same path with each undecodable segment's '%' escaped, which decodes to the text the
 * visitor sent (so /anime/%FF becomes the id '%FF': not found).
 */
export function wellFormedPath(pathname: string): string | null {
  const segments = pathname.split('/');
  let changed = false;
  const fixed = segments.map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replace(/%/g, '%25');
    }
  });
  return changed ? fixed.join('/') : null;
}

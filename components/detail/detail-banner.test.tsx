import { describe, expect, it } from 'vitest';
import { staticHtml as html } from '@/test/support/static-html';
import { DetailBanner } from './detail-banner';

describe('DetailBanner', () => {
  it('is drawn by the server through the image optimiser, at once and first, and preloaded from <head>', async () => {
    const out = await html(
      <DetailBanner src="https://cdn.myanimelist.net/images/banner/20.jpg" alt="Banner de Naruto" />,
    );
    const img = /<img [^>]*>/.exec(out)?.[0] ?? '';
    expect(img).toContain('alt="Banner de Naruto"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('sizes="100vw"');
    expect(img).toMatch(
      /srcSet="\/_next\/image\?url=https%3A%2F%2Fcdn\.myanimelist\.net%2Fimages%2Fbanner%2F20\.jpg&amp;w=640/,
    );
    const preload = /<link rel="preload"[^>]*>/.exec(out)?.[0] ?? '';
    expect(preload).toContain('as="image"');
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain('imageSizes="100vw"');
    expect(preload).toMatch(/imageSrcSet="\/_next\/image\?url=https%3A%2F%2Fcdn\.myanimelist\.net/);
    // In <head>, before the image: the browser starts it before it parses the body.
    expect(out.indexOf(preload)).toBeLessThan(out.indexOf('<body'));
  });
});

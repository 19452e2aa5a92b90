import { describe, expect, it } from 'vitest';
import { staticHtml as html } from '@/test/support/static-html';
import { StaticImage } from './static-image';

describe('StaticImage', () => {
  it('draws next/image attributes on a plain <img>, lazily and without a preload by default', async () => {
    const out = await html(
      <StaticImage src="https://cdn.myanimelist.net/p.jpg" alt="Foto" width={150} height={225} />,
    );
    const img = /<img [^>]*>/.exec(out)?.[0] ?? '';
    expect(img).toContain('alt="Foto"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('width="150"');
    expect(img).toMatch(/srcSet="\/_next\/image\?url=https%3A%2F%2Fcdn\.myanimelist\.net%2Fp\.jpg&amp;w=256/);
    expect(out).not.toContain('rel="preload"');
  });

  it('keeps an unoptimised source as it is, with its referrer policy', async () => {
    const out = await html(
      <StaticImage
        src="https://lh3.example/a.jpg"
        alt=""
        width={32}
        height={32}
        unoptimized
        referrerPolicy="no-referrer"
      />,
    );
    const img = /<img [^>]*>/.exec(out)?.[0] ?? '';
    expect(img).toContain('src="https://lh3.example/a.jpg"');
    expect(img).toContain('referrerPolicy="no-referrer"');
    expect(img).not.toContain('srcSet');
  });
});

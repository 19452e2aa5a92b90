import { describe, expect, it } from 'vitest';
import { staticHtml as html } from '@/test/support/static-html';
import { AnimeCover, capSources, COVER_MAX_WIDTH } from './anime-cover';

describe('capSources', () => {
  const image = {
    src: '/i?w=3840',
    srcSet: '/i?w=256 256w, /i?w=384 384w, /i?w=640 640w, /i?w=1080 1080w, /i?w=3840 3840w',
    sizes: '82vw',
  };

  it('leaves out the candidates wider than the widest source, src the widest kept', () => {
    expect(capSources(image, 640)).toEqual({
      src: '/i?w=640',
      srcSet: '/i?w=256 256w, /i?w=384 384w, /i?w=640 640w',
      sizes: '82vw',
    });
  });

  it('keeps an image whose candidates are all within the width, or that it cannot read, as it is', () => {
    expect(capSources(image, 4000)).toBe(image);
    expect(capSources({ src: '/a.svg' }, 640)).toEqual({ src: '/a.svg' });
    const density = { src: '/i', srcSet: '/i?w=96 1x, /i?w=192 2x' };
    expect(capSources(density, 640)).toBe(density);
    const tooNarrow = { src: '/i', srcSet: '/i?w=1080 1080w' };
    expect(capSources(tooNarrow, 640)).toBe(tooNarrow);
  });
});

describe('AnimeCover', () => {
  it('offers the optimiser widths up to the widest cover, none wider', async () => {
    const out = await html(
      <div style={{ position: 'relative' }}>
        <AnimeCover src="https://cdn.myanimelist.net/images/anime/7/20310l.jpg" sizes="47vw" />
      </div>,
    );
    const img = /<img [^>]*data-cover="image"[^>]*>/.exec(out)?.[0] ?? '';
    const widths = [...img.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));
    expect(widths.length).toBeGreaterThan(1);
    expect(Math.max(...widths)).toBe(COVER_MAX_WIDTH);
    expect(img).toMatch(new RegExp(`src="[^"]*w=${COVER_MAX_WIDTH}&amp;q=75"`));
  });
});

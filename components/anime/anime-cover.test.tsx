import { describe, expect, it } from 'vitest';
import { staticHtml as html } from '@/test/support/static-html';
import { AnimeCover, BLANK_IMAGE, capSources, COVER_MAX_WIDTH, heldCoverMedia } from './anime-cover';

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

describe('a held cover', () => {
  const SRC = 'https://cdn.myanimelist.net/images/anime/7/20310l.jpg';
  const render = (props: { deferBelow?: number; eager?: boolean }) =>
    html(
      <div style={{ position: 'relative' }}>
        <AnimeCover src={SRC} sizes="47vw" {...props} />
      </div>,
    );

  it('names where it loads by itself: without JavaScript, or from the width that shows it', () => {
    expect(heldCoverMedia(Infinity)).toBe('(scripting: none)');
    expect(heldCoverMedia(640)).toBe('(scripting: none), (min-width: 640px)');
  });

  it('is drawn with a transparent pixel, its sources on a <source> of that media', async () => {
    const out = await render({ deferBelow: 1024 });
    const picture = /<picture>(.*?)<\/picture>/.exec(out)?.[1] ?? '';
    const source = /<source [^>]*>/.exec(picture)?.[0] ?? '';
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(source).toContain('media="(scripting: none), (min-width: 1024px)"');
    expect(source).toMatch(/srcSet="[^"]*w=640&amp;q=75 640w"/);
    expect(source).toContain('sizes="47vw"');
    expect(img).toContain(`src="${BLANK_IMAGE}"`);
    expect(img).not.toContain('srcSet');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('data-cover="image"');
  });

  it('is not held on the first screen of every width, nor when eager', async () => {
    for (const props of [{}, { deferBelow: 0 }, { deferBelow: Infinity, eager: true }]) {
      const out = await render(props);
      expect(out).not.toContain('<picture');
      expect(out).not.toContain(BLANK_IMAGE);
      expect(out).toMatch(/<img [^>]*srcSet="[^"]*640w"/);
    }
  });
});

import { getImageProps } from 'next/image';
import { cn } from '@/lib/utils/cn';
import { CoverImage, type CoverAttributes } from './cover-image';

/** Shown for a record without a cover and for a cover that fails to load (SPEC §2). */
export const PLACEHOLDER_COVER = '/images/anime-placeholder.svg';

/**
 * The widest source a cover offers. MyAnimeList's largest covers are about 425 px wide and the
 * optimiser never enlarges, so every wider candidate (up to next/image's 3,840) was the same image
 * under another name, written twice per card (the HTML and the page's data).
 */
export const COVER_MAX_WIDTH = 640;

/** `image` with the candidates of its srcSet wider than `maxWidth` left out, `src` the widest kept. */
export function capSources<T extends { src: string; srcSet?: string }>(image: T, maxWidth: number): T {
  if (!image.srcSet) return image;
  const candidates = image.srcSet.split(', ').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.split(' ');
    return { url, width: descriptor.endsWith('w') ? Number.parseInt(descriptor, 10) : Number.NaN };
  });
  if (candidates.some(({ url, width }) => !url || !Number.isFinite(width))) return image;
  const kept = candidates.filter(({ width }) => width <= maxWidth);
  const widest = kept.at(-1);
  if (!widest || kept.length === candidates.length) return image;
  return { ...image, src: widest.url, srcSet: kept.map(({ url, width }) => `${url} ${width}w`).join(', ') };
}

/** A transparent pixel: a held cover's own source until it is given the cover's (no request). */
export const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/**
 * The media of a held cover's no-JavaScript source: where the server's cover loads by itself
 * (without JavaScript, or on a viewport wide enough to show it on the first screen).
 */
export function heldCoverMedia(deferBelow: number): string {
  return Number.isFinite(deferBelow)
    ? `(scripting: none), (min-width: ${deferBelow}px)`
    : '(scripting: none)';
}

interface AnimeCoverProps {
  src: string | null;
  /** The `sizes` attribute: how wide the cover is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  eager?: boolean;
  /**
   * Off the first screen on viewports narrower than this (px; `Infinity`: on every viewport).
   * There, a cover in the server's HTML gets its source once the page has hydrated, so it does not
   * share a slow link with the page's scripts; without JavaScript it loads as any lazy cover
   * (docs/decisions/held-covers.md). Unset: a lazy cover as the browser loads it.
   */
  deferBelow?: number;
  className?: string;
}

/**
 * A cover filling its (relatively positioned, 2:3) parent. Decorative: the card around it names
 * the anime. The optimised sources come from next/image's getImageProps wherever the card renders,
 * so a card drawn by the server ships only the small CoverImage (the swap to the placeholder on
 * error, a held cover's release) and none of next/image's client code.
 */
export function AnimeCover({ src, sizes, eager = false, deferBelow, className }: AnimeCoverProps) {
  const imageClass = cn('object-cover', className);
  const placeholder = getImageProps({
    src: PLACEHOLDER_COVER,
    alt: '',
    fill: true,
    unoptimized: true,
    sizes,
    className: imageClass,
  }).props as CoverAttributes;
  if (!src) {
    // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
    return <img {...placeholder} alt="" data-cover="placeholder" />;
  }
  const image = capSources(
    getImageProps({
      src,
      alt: '',
      fill: true,
      sizes,
      loading: eager ? 'eager' : 'lazy',
      fetchPriority: eager ? 'high' : 'auto',
      className: imageClass,
    }).props as CoverAttributes,
    COVER_MAX_WIDTH,
  );
  const held =
    !eager && deferBelow !== undefined && deferBelow > 0
      ? { media: heldCoverMedia(deferBelow), src: BLANK_IMAGE }
      : undefined;
  return <CoverImage image={image} placeholder={placeholder} preload={eager} held={held} />;
}

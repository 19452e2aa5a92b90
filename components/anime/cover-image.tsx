'use client';

import { useState, type ImgHTMLAttributes } from 'react';
import { preload as preloadResource } from 'react-dom';
import { useHydrated } from '@/lib/stores/use-hydrated';

export type CoverAttributes = ImgHTMLAttributes<HTMLImageElement> & { src: string };

/**
 * The cover's <img>, drawn from attributes computed where the card renders (AnimeCover). In the
 * browser it swaps to the placeholder when the cover fails, including a failure that happened
 * before hydration (the onError handler was not attached yet), caught when the element mounts;
 * and it gives a held cover its source once the page has hydrated.
 */
export function CoverImage({
  image,
  placeholder,
  preload = false,
  held,
}: {
  image: CoverAttributes;
  placeholder: CoverAttributes;
  /**
   * Above the fold: preloaded from <head> when the page is rendered (as next/image does it: from
   * this client component, so a prefetch of the page's data downloads no cover).
   */
  preload?: boolean;
  /**
   * A held cover (AnimeCover's `deferBelow`): `media`, where the server's HTML loads it by itself,
   * and `src`, what the <img> shows elsewhere until the page has hydrated (a transparent pixel).
   * A `<source>` with that media carries the cover's sources meanwhile, so without JavaScript
   * (`scripting: none`) and on a viewport wide enough to show it the browser loads it at once.
   * Both come from the server's render: the page's first scripts carry no blank image.
   */
  held?: { media: string; src: string };
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hydrated = useHydrated();
  // A new function each render, so React runs it after every commit: the <img> checked as it is.
  const detectEarlyFailure = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(image.src);
  };
  if (preload && image.srcSet) {
    preloadResource(image.src, { as: 'image', imageSrcSet: image.srcSet, imageSizes: image.sizes });
  }
  if (failedSrc === image.src) {
    // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
    return <img {...placeholder} alt="" data-cover="placeholder" />;
  }
  const img = (
    // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
    <img
      {...image}
      {...(held && !hydrated ? { src: held.src, srcSet: undefined } : null)}
      alt=""
      ref={detectEarlyFailure}
      onError={() => setFailedSrc(image.src)}
      data-cover="image"
    />
  );
  if (!held) return img;
  return (
    <picture>
      <source media={held.media} srcSet={image.srcSet} sizes={image.sizes} />
      {img}
    </picture>
  );
}

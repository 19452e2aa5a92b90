'use client';

import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { preload as preloadResource } from 'react-dom';

export type CoverAttributes = ImgHTMLAttributes<HTMLImageElement> & { src: string };

/**
 * The cover's <img>, drawn from attributes computed where the card renders (AnimeCover): its one
 * job in the browser is the swap to the placeholder when the cover fails, including a failure
 * that happened before hydration (the onError handler was not attached yet), caught when the
 * element mounts.
 */
export function CoverImage({
  image,
  placeholder,
  preload = false,
}: {
  image: CoverAttributes;
  placeholder: CoverAttributes;
  /**
   * Above the fold: preloaded from <head> when the page is rendered (as next/image does it: from
   * this client component, so a prefetch of the page's data downloads no cover).
   */
  preload?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const detectEarlyFailure = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(image.src);
    },
    [image.src],
  );
  if (preload && image.srcSet) {
    preloadResource(image.src, { as: 'image', imageSrcSet: image.srcSet, imageSizes: image.sizes });
  }
  if (failedSrc === image.src) {
    // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
    return <img {...placeholder} alt="" data-cover="placeholder" />;
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
    <img
      {...image}
      alt=""
      ref={detectEarlyFailure}
      onError={() => setFailedSrc(image.src)}
      data-cover="image"
    />
  );
}

'use client';

import { useCallback, useState, type ImgHTMLAttributes } from 'react';

export type CoverAttributes = ImgHTMLAttributes<HTMLImageElement> & { src: string };

/**
 * The cover's <img>, drawn from attributes computed where the card renders (AnimeCover): its one
 * job in the browser is the swap to the placeholder when the cover fails, including a failure
 * that happened before hydration (the onError handler was not attached yet), caught when the
 * element mounts.
 */
export function CoverImage({ image, placeholder }: { image: CoverAttributes; placeholder: CoverAttributes }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const detectEarlyFailure = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(image.src);
    },
    [image.src],
  );
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

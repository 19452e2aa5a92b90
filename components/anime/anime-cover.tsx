'use client';

import Image from 'next/image';
import { useCallback, useState } from 'react';
import { cn } from '@/lib/utils/cn';

/** Shown for a record without a cover and for a cover that fails to load (SPEC §2). */
export const PLACEHOLDER_COVER = '/images/anime-placeholder.svg';

interface AnimeCoverProps {
  src: string | null;
  /** The `sizes` attribute: how wide the cover is drawn at each viewport width. */
  sizes: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * A cover filling its (relatively positioned, 2:3) parent. Decorative: the card around it names
 * the anime. On error it swaps to the placeholder; a failure that happened before hydration (the
 * onError handler was not attached yet) is caught when the element mounts.
 */
export function AnimeCover({ src, sizes, eager = false, className }: AnimeCoverProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const detectEarlyFailure = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailedSrc(src);
    },
    [src],
  );
  const imageClass = cn('object-cover', className);

  if (!src || failedSrc === src) {
    return (
      <Image
        src={PLACEHOLDER_COVER}
        alt=""
        fill
        unoptimized
        sizes={sizes}
        className={imageClass}
        data-cover="placeholder"
      />
    );
  }
  return (
    <Image
      ref={detectEarlyFailure}
      src={src}
      alt=""
      fill
      sizes={sizes}
      // The first covers are the page's largest paint on phones: preloaded from <head>.
      preload={eager}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailedSrc(src)}
      className={imageClass}
      data-cover="image"
    />
  );
}

'use client';

import { preload } from 'react-dom';

/**
 * Preloads an above-the-fold image that the server draws (attributes from getImageProps) from
 * <head> when the page is rendered, as next/image's `preload` does it: from a client component,
 * so that a prefetch of the page's data (its flight payload, which carries a server component's
 * preloads) downloads no image. StaticImage renders it for `preload`; CoverImage does the same
 * for a cover.
 */
export function ImagePreload({
  src,
  srcSet,
  sizes,
  fetchPriority,
}: {
  src: string;
  srcSet?: string;
  sizes?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}) {
  preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority });
  return null;
}

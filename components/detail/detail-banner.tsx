import { getImageProps } from 'next/image';
import { ImagePreload } from '@/components/anime/image-preload';

/**
 * Full width above the fold: the largest paint on a phone when there is a banner. Drawn by the
 * server from next/image's getImageProps (its client component is in no page's scripts), and
 * preloaded from <head> as next/image's `preload` does it.
 */
export function DetailBanner({ src, alt }: { src: string; alt: string }) {
  const { props } = getImageProps({
    src,
    alt,
    fill: true,
    sizes: '100vw',
    className: 'object-cover',
    loading: 'eager',
    fetchPriority: 'high',
  });
  return (
    <>
      <ImagePreload src={props.src} srcSet={props.srcSet} sizes={props.sizes} fetchPriority="high" />
      {/* eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps */}
      <img {...props} alt={alt} />
    </>
  );
}

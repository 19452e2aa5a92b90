import { getImageProps, type ImageProps } from 'next/image';
import { ImagePreload } from './image-preload';

/**
 * next/image's `<Image>` without its client component: the same attributes (the optimiser's
 * sources, sizes, lazy loading) from getImageProps, on a plain `<img>` that the server draws, so it
 * puts nothing in a page's scripts (docs/decisions/first-scripts.md). `preload` preloads it from
 * <head> as `<Image preload>` does. Event handlers pass through, for a client component's image.
 */
export function StaticImage({ preload = false, ...image }: Omit<ImageProps, 'priority'>) {
  const { props } = getImageProps(image);
  return (
    <>
      {preload && (
        <ImagePreload
          src={props.src}
          srcSet={props.srcSet}
          sizes={props.sizes}
          fetchPriority={props.fetchPriority}
        />
      )}
      {/* eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps */}
      <img {...props} alt={image.alt} />
    </>
  );
}

import { StaticImage } from '@/components/ui/static-image';

/**
 * Full width above the fold: the largest paint on a phone when there is a banner, so it loads at
 * once, first, and is preloaded from <head>.
 */
export function DetailBanner({ src, alt }: { src: string; alt: string }) {
  return (
    <StaticImage
      src={src}
      alt={alt}
      fill
      sizes="100vw"
      className="object-cover"
      loading="eager"
      fetchPriority="high"
      preload
    />
  );
}

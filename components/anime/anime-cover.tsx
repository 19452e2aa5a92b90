import { getImageProps } from 'next/image';
import { cn } from '@/lib/utils/cn';
import { CoverImage, type CoverAttributes } from './cover-image';

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
 * the anime. The optimised sources come from next/image's getImageProps wherever the card renders,
 * so a card drawn by the server ships only the small CoverImage (the swap to the placeholder on
 * error) and none of next/image's client code.
 */
export function AnimeCover({ src, sizes, eager = false, className }: AnimeCoverProps) {
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
  const image = getImageProps({
    src,
    alt: '',
    fill: true,
    sizes,
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager ? 'high' : 'auto',
    className: imageClass,
  }).props as CoverAttributes;
  return <CoverImage image={image} placeholder={placeholder} preload={eager} />;
}

import { getImageProps } from 'next/image';

/**
 * The trailer facade's thumbnail, through our image optimiser (same origin: the page's CSP),
 * sized for the player. Attributes from next/image's getImageProps, so the server draws it and the
 * facade ships none of next/image's client component (first-scripts.md).
 */
export function TrailerThumbnail({ youtubeId, thumbnail }: { youtubeId: string; thumbnail: string | null }) {
  const { props } = getImageProps({
    src: thumbnail ?? `https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/hqdefault.jpg`,
    alt: '',
    fill: true,
    sizes: '(min-width: 1024px) 640px, 100vw',
    className: 'object-cover opacity-80 transition-opacity duration-200 group-hover:opacity-100',
  });
  // eslint-disable-next-line @next/next/no-img-element -- attributes from next/image's getImageProps
  return <img {...props} alt="" />;
}

import { StaticImage } from '@/components/ui/static-image';

/**
 * The trailer facade's thumbnail, through our image optimiser (same origin: the page's CSP),
 * sized for the player; drawn where the facade is rendered, so the facade ships no image code.
 */
export function TrailerThumbnail({ youtubeId, thumbnail }: { youtubeId: string; thumbnail: string | null }) {
  return (
    <StaticImage
      src={thumbnail ?? `https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/hqdefault.jpg`}
      alt=""
      fill
      sizes="(min-width: 1024px) 640px, 100vw"
      className="object-cover opacity-80 transition-opacity duration-200 group-hover:opacity-100"
    />
  );
}

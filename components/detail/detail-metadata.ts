import 'server-only';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { animeTitle } from '@/lib/anime-display';
import { synopsisExcerpt } from '@/lib/detail/synopsis';
import { detailVisibility } from '@/lib/detail/view';
import { routes } from '@/lib/routes';
import { loadAnime } from './load-anime';

/**
 * Title, description and the Open Graph / Twitter card of /anime/{id} (the card image is the
 * route's opengraph-image). An adult record's description never quotes its synopsis.
 */
export async function detailMetadata(rawId: string): Promise<Metadata> {
  const anime = await loadAnime(rawId);
  const locale = await getLocale();
  const t = await getTranslations('Detail');
  const title = animeTitle(anime, locale) ?? t('notAvailableTitle');
  const { gated } = detailVisibility(anime, { adult: false });
  const description = gated
    ? t('metaDescriptionAdult')
    : (synopsisExcerpt(anime.synopsis) ?? t('metaDescriptionFallback', { title }));
  const url = routes.anime(anime.id);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      title,
      description,
      url,
      siteName: 'Anime Master',
      locale: locale === 'en' ? 'en' : 'pt_BR',
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}

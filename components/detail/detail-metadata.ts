import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { animeTitle } from '@/lib/anime-display';
import type { Locale } from '@/lib/i18n/config';
import { synopsisExcerpt } from '@/lib/detail/synopsis';
import { detailVisibility } from '@/lib/detail/view';
import { routes } from '@/lib/routes';
import { cardImage, cardPath } from '@/lib/share/card-path';
import { animeRecord } from './load-anime';

/**
 * Title, description and the Open Graph / Twitter card of /anime/{id} (the card image is
 * app/api/card's, made absolute by metadataBase). An adult record's description never quotes its synopsis.
 */
export async function detailMetadata(rawId: string, locale: Locale): Promise<Metadata> {
  const record = await animeRecord(rawId);
  if (!('anime' in record)) {
    // The page answers 'Anime não encontrado' (404) or redirects to 'Anime não disponível' (503).
    const tError = await getTranslations({ locale, namespace: 'DetailError' });
    return { title: tError('notFound' in record ? 'notFoundTitle' : 'title'), robots: { index: false } };
  }
  const { anime } = record;
  // Explicit locale: metadata resolves outside the page's render, where setRequestLocale does not reach.
  const t = await getTranslations({ locale, namespace: 'Detail' });
  const title = animeTitle(anime, locale) ?? t('notAvailableTitle');
  const { gated } = detailVisibility(anime, { adult: false });
  const description = gated
    ? t('metaDescriptionAdult')
    : (synopsisExcerpt(anime.synopsis) ?? t('metaDescriptionFallback', { title }));
  const url = routes.anime(anime.id);
  const card = cardImage(cardPath.anime(anime.id, locale), title);
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
      images: [card],
    },
    twitter: { card: 'summary_large_image', title, description, images: [card] },
  };
}

import { renderOgImage } from '@/components/detail/og-image';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { isLocale } from '@/lib/i18n/config';
import { cardNotFound, serveCard } from '@/lib/server/card-cache';
import { withRequestId } from '@/lib/server/request-id';

/**
 * The preview card of /anime/{id} (og:image and twitter:image of its page: lib/share/card-path.ts).
 * A language or id that is not one answers 404 before any render; a card is drawn once and then
 * served from the cache to everyone, only a render taking from the asking client's budget.
 */
export const GET = withRequestId(async function GET(
  request: Request,
  { params }: { params: Promise<{ locale: string; id: string }> },
) {
  const { locale, id } = await params;
  const animeId = parseAnimeId(id);
  if (!isLocale(locale) || animeId === null) return cardNotFound();
  return serveCard(request, ['anime', locale, String(animeId)], () => renderOgImage(String(animeId), locale));
});

import { ArrowLeft } from 'lucide';
import { getMessages, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { AnimeCover } from '@/components/anime/anime-cover';
import { animeTitle } from '@/lib/anime-display';
import type { Locale } from '@/lib/i18n/config';
import { gateAnimeDetails, isGatedAnime } from '@/lib/jikan/gate';
import type { AnimeDetails } from '@/lib/jikan/types';
import { translateLabel } from '@/lib/labels';
import { routes } from '@/lib/routes';
import { snapshotFromAnime } from '@/lib/stores/anime-snapshot';
import { EditRatingForm } from './edit-rating-form';

/**
 * SPEC §2 edit page: a compact detail view and the 'Editar Avaliação' form. This is the cached,
 * anonymous view: an adult record is reduced to its gated stub (lib/jikan/gate.ts) before anything
 * is rendered or handed to the form, so neither the HTML, the flight data nor the card the form
 * stores with a rating holds its cover, score, synopsis or genres' details.
 */
export async function EditRatingPage({ anime: record, locale }: { anime: AnimeDetails; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Rating' });
  const tDetail = await getTranslations({ locale, namespace: 'Detail' });
  const na = (await getTranslations({ locale, namespace: 'Common' }))('notAvailable');
  const labels = (await getMessages({ locale })).Labels;
  const anime = gateAnimeDetails(record, { adult: false });
  const title = animeTitle(anime, locale) ?? na;
  const { takenAt: _takenAt, ...card } = snapshotFromAnime(anime);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <Link
        href={routes.anime(anime.id)}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-md px-2 text-sm font-medium text-muted hover:text-fg"
      >
        <Glyph icon={ArrowLeft} aria-hidden className="size-4" />
        {t('backToDetail', { title })}
      </Link>
      <div
        className="flex gap-4 rounded-md border border-border bg-surface p-4"
        data-testid="edit-compact-detail"
      >
        {!isGatedAnime(anime) && (
          <div className="relative aspect-[2/3] w-20 shrink-0 overflow-hidden rounded-sm bg-surface-2 sm:w-24">
            <AnimeCover src={anime.images.cover} sizes="96px" eager />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-lg font-semibold [overflow-wrap:anywhere]" data-testid="edit-anime-title">
            {title}
          </p>
          {isGatedAnime(anime) ? (
            <p className="text-sm text-muted" data-testid="gated-notice">
              {tDetail('gatedText')}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted">
                {[translateLabel(labels.type, anime.type), translateLabel(labels.status, anime.status)]
                  .filter(Boolean)
                  .join(' · ') || na}
              </p>
              <p className="text-sm text-muted">
                {tDetail('episodes')}: {anime.episodes ?? na}
              </p>
            </>
          )}
        </div>
      </div>
      <section aria-labelledby="edit-rating-title" className="flex flex-col gap-4">
        <h1 id="edit-rating-title" className="text-2xl font-bold">
          {t('editTitle')}
        </h1>
        <EditRatingForm animeId={anime.id} card={card} />
      </section>
    </div>
  );
}

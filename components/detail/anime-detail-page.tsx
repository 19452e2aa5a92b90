import { getTranslations } from 'next-intl/server';
import { animeTitle } from '@/lib/anime-display';
import { cleanSynopsis } from '@/lib/detail/synopsis';
import { detailVisibility } from '@/lib/detail/view';
import type { Locale } from '@/lib/i18n/config';
import { storedRecommendations } from '@/lib/jikan/recommendations';
import type { AnimeDetails } from '@/lib/jikan/types';
import { snapshotFromAnime } from '@/lib/stores/anime-snapshot';
import { AdultBanner, AdultDetailFill } from './adult-sections';
import { BackLink } from './back-link';
import { DetailHero } from './detail-hero';
import { EpisodesSection } from './episodes-section';
import { ExternalLinks } from './external-links';
import { PersonalSections } from './personal-sections';
import { RelatedSections } from './related-sections';
import { SharePanel } from './share-panel';
import { SimilarAnimeSection } from './similar-anime-section';
import { SynopsisSection, TranslatedSynopsis } from './synopsis-section';
import { TechnicalInfo } from './technical-info';
import { TrailerFacade } from './trailer-facade';
import { TrailerThumbnail } from './trailer-thumbnail';
import { WhereToWatch } from './where-to-watch';

/**
 * SPEC §2 detail page, rendered on the server from the record (a shared link shows everything
 * without JavaScript). It reads no cookie or header: this is the anonymous, adult-free view that
 * may be cached for everyone. Per-visitor parts (rating, lists, episodes) are client islands.
 */
export async function AnimeDetailPage({ anime, locale }: { anime: AnimeDetails; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Detail' });
  const title = animeTitle(anime, locale) ?? t('notAvailableTitle');
  const { gated, banner, unverified } = detailVisibility(anime, { adult: false });
  const original = cleanSynopsis(anime.synopsis);
  // What fans recommend, as the server holds it for a visitor (no call): in the cached HTML.
  const similar = gated ? null : await storedRecommendations(anime.id);

  return (
    <article className="pb-12" data-anime-id={anime.id}>
      <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
        <BackLink />
      </div>
      <DetailHero anime={anime} title={title} gated={gated} locale={locale} />
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 sm:px-6">
        {banner && <AdultBanner animeId={anime.id} animeTitle={title} unverified={unverified} />}
        {gated ? (
          <AdultDetailFill animeId={anime.id} title={title}>
            {!unverified && (
              <p
                className="rounded-md border border-border bg-surface p-4 text-muted"
                data-testid="gated-notice"
              >
                {t('gatedText')}
              </p>
            )}
          </AdultDetailFill>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="flex min-w-0 flex-col gap-8">
              <SynopsisSection credit={original.credit} locale={locale}>
                {/* No Suspense boundary: the cached page holds the synopsis itself, readable
                    without JavaScript, never a placeholder waiting for a script to swap it in. */}
                <TranslatedSynopsis
                  id={locale === 'pt' ? anime.id : undefined}
                  original={original.paragraphs}
                  locale={locale}
                />
              </SynopsisSection>
              {anime.trailerYoutubeId && (
                <TrailerFacade
                  youtubeId={anime.trailerYoutubeId}
                  image={
                    <TrailerThumbnail
                      youtubeId={anime.trailerYoutubeId}
                      thumbnail={anime.trailerThumbnail ?? null}
                    />
                  }
                  title={title}
                />
              )}
              <WhereToWatch id={anime.id} />
              <EpisodesSection animeId={anime.id} />
              <RelatedSections anime={anime} locale={locale} />
              <SimilarAnimeSection animeId={anime.id} initial={similar} />
              <TechnicalInfo anime={anime} locale={locale} />
            </div>
            <aside className="flex min-w-0 flex-col gap-6" aria-label={t('yourArea')}>
              <PersonalSections animeId={anime.id} title={title} card={snapshotCard(anime)} locale={locale} />
              <SharePanel animeId={anime.id} title={title} />
              <ExternalLinks links={anime.externalLinks} locale={locale} />
            </aside>
          </div>
        )}
      </div>
    </article>
  );
}

/** The card data kept with a rating or list entry; the time is taken when the visitor saves. */
function snapshotCard(anime: AnimeDetails) {
  const { takenAt: _takenAt, ...card } = snapshotFromAnime(anime);
  return card;
}

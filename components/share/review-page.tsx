import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AnimeCover } from '@/components/anime/anime-cover';
import { loadAnime } from '@/components/detail/load-anime';
import { StarDisplay } from '@/components/ratings/star-display';
import { buttonClass } from '@/components/ui/button';
import { animeTitle } from '@/lib/anime-display';
import { detailVisibility } from '@/lib/detail/view';
import type { Locale } from '@/lib/i18n/config';
import type { AnimeDetails } from '@/lib/jikan/types';
import { routes } from '@/lib/routes';
import { cardImage, cardPath } from '@/lib/share/card-path';
import { reviewHref, type ReviewParams } from '@/lib/share/review-link';

/** The record behind a review link, with what the anonymous view may show of it. */
async function reviewedAnime(review: ReviewParams, locale: Locale) {
  // Not found: the review's not-found.tsx; not now: the anime's 503 page (load-anime.ts).
  const anime: AnimeDetails | null = await loadAnime(String(review.id));
  if (!anime) notFound();
  const t = await getTranslations({ locale, namespace: 'Detail' });
  const title = animeTitle(anime, locale) ?? t('notAvailableTitle');
  const { gated } = detailVisibility(anime, { adult: false });
  return { anime, title, gated };
}

/**
 * Title, description and the card preview of a shared review. The card image is app/api/card's
 * (lib/share/card-path.ts), made absolute by metadataBase. Not indexed: the text is the sharer's, not ours, and the
 * description says so: the opinion is quoted and attributed to a fan ("“…” — opinião de um fã"),
 * so a link or a claim in it never reads as the site's own words in a preview.
 */
export async function reviewMetadata(review: ReviewParams, locale: Locale): Promise<Metadata> {
  const { title } = await reviewedAnime(review, locale);
  const t = await getTranslations({ locale, namespace: 'ReviewPage' });
  const tShare = await getTranslations({ locale, namespace: 'Share' });
  const pageTitle = t('metaTitle', { title, score: review.score });
  const description = review.opinion
    ? t('metaDescription', { opinion: review.opinion })
    : tShare('noOpinion');
  const url = reviewHref({ id: review.id, rating: review.score, opinion: review.opinion });
  const card = cardImage(cardPath.review(review, locale), pageTitle);
  return {
    title: pageTitle,
    description,
    robots: { index: false, follow: true },
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      title: pageTitle,
      description,
      url,
      siteName: 'Anime Master',
      locale: locale === 'en' ? 'en' : 'pt_BR',
      images: [card],
    },
    twitter: { card: 'summary_large_image', title: pageTitle, description, images: [card] },
  };
}

/**
 * A shared review: the anime's title and cover (none for an adult record, as on the detail page's
 * anonymous view), the stars and the opinion, and the way to the anime's page. The same for every
 * visitor. The opinion is the link's own text: only ever rendered as text (a URL in it is never a
 * link), inside quotation marks and attributed to a fan, so nothing in it passes for ours.
 */
export async function ReviewPage({ review, locale }: { review: ReviewParams; locale: Locale }) {
  const { anime, title, gated } = await reviewedAnime(review, locale);
  const t = await getTranslations({ locale, namespace: 'ReviewPage' });
  const tShare = await getTranslations({ locale, namespace: 'Share' });

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6" data-testid="review-page">
      <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">{t('kicker')}</p>
      <div className="flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-sm sm:flex-row">
        {!gated && (
          <div className="relative aspect-[2/3] w-32 shrink-0 overflow-hidden rounded-md border border-border bg-surface-2 sm:w-40">
            <AnimeCover src={anime.images.cover} sizes="(min-width: 640px) 160px, 128px" eager />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl" data-testid="review-title">
            {title}
          </h1>
          <p className="flex items-center gap-2">
            <StarDisplay
              rating={review.score}
              label={t('scoreLabel', { score: review.score })}
              className="[&_svg]:size-6"
            />
            <span className="font-semibold text-star" data-testid="review-score">
              {review.score}/5
            </span>
          </p>
          {gated && (
            <p className="text-sm text-muted" data-testid="review-adult-note">
              {t('adultNote')}
            </p>
          )}
          {review.opinion ? (
            <figure className="flex flex-col gap-1 border-l-4 border-accent pl-4" data-testid="review-quote">
              <blockquote className="text-lg leading-relaxed [overflow-wrap:anywhere] break-words whitespace-pre-line italic">
                <span aria-hidden>“</span>
                <span data-testid="review-opinion">{review.opinion}</span>
                <span aria-hidden>”</span>
              </blockquote>
              <figcaption className="text-sm text-muted">— {t('fanOpinion')}</figcaption>
            </figure>
          ) : (
            <p
              className="border-l-4 border-accent pl-4 text-lg text-muted italic"
              data-testid="review-opinion"
            >
              {tShare('noOpinion')}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href={routes.anime(anime.id)} className={buttonClass('primary')}>
          {t('viewAnime')}
        </Link>
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {t('explore')}
        </Link>
      </div>
      <p className="text-sm text-muted">{t('note')}</p>
    </article>
  );
}

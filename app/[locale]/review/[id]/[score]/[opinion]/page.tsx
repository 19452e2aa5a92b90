import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { reviewMetadata, ReviewPage } from '@/components/share/review-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { parseReviewSegments } from '@/lib/share/review-link';

// A shared review link is one cached page per language, anime, score and opinion: the
// same link is opened by everyone it was sent to and by every preview crawler (README, Render cache).
export const revalidate = 600;
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string; score: string; opinion: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const review = parseReviewSegments(await params);
  // A broken link or an unknown anime: the page below answers the 404 (its not-found.tsx only
  // catches what the page throws; thrown from here, it would become a bare error document).
  if (!review) return { robots: { index: false } };
  return reviewMetadata(review, locale).catch(() => ({ robots: { index: false } }));
}

export default async function AnimeReviewPage({ params }: Props) {
  const locale = await resolvePageLocale(params);
  // A broken score answers before any upstream call.
  const review = parseReviewSegments(await params);
  if (!review) notFound();
  return <ReviewPage review={review} locale={locale} />;
}

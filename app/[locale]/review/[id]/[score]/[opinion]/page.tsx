import { notFound } from 'next/navigation';
import { reviewMetadata, ReviewPage } from '@/components/share/review-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { parseReviewSegments } from '@/lib/share/review-link';

// A shared review link (issue 12) is one cached page per language, anime, score and opinion: the
// same link is opened by everyone it was sent to and by every preview crawler (README, Render cache).
export const revalidate = 600;
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string; score: string; opinion: string }> };

/** The review in the path, or the review's 404 (a broken score answers before any upstream call). */
async function reviewOf(params: Props['params']) {
  const locale = await resolvePageLocale(params);
  const review = parseReviewSegments(await params);
  if (!review) notFound();
  return { locale, review };
}

export async function generateMetadata({ params }: Props) {
  const { locale, review } = await reviewOf(params);
  return reviewMetadata(review, locale);
}

export default async function AnimeReviewPage({ params }: Props) {
  const { locale, review } = await reviewOf(params);
  return <ReviewPage review={review} locale={locale} />;
}

import { OG_SIZE } from '@/components/detail/og-image';
import { renderReviewImage } from '@/components/share/review-og-image';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Anime Master';
// Cached like the review page: every crawler that unfurls the link asks for the same card.
export const revalidate = 600;
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

export default async function OpengraphImage({
  params,
}: {
  params: Promise<LocaleParams & { id: string; score: string; opinion: string }>;
}) {
  const locale = await resolvePageLocale(params);
  return renderReviewImage(await params, locale);
}

import { loadAnime } from '@/components/detail/load-anime';
import { EditRatingPage } from '@/components/rating/edit-rating-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { getTranslations } from 'next-intl/server';

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Rating' });
  return { title: t('editTitle'), robots: { index: false } };
}

export default async function AnimeEditPage({ params }: Props) {
  await resolvePageLocale(params);
  return <EditRatingPage anime={await loadAnime((await params).id)} />;
}

import { AnimeNotFoundAnswer } from '@/components/detail/anime-not-found-answer';
import { animeRecord, loadAnime } from '@/components/detail/load-anime';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { EditRatingPage } from '@/components/rating/edit-rating-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { getTranslations } from 'next-intl/server';

export const revalidate = 600;
// Nothing here may depend on the request: without this, a render-time read of request data deep
// in the detail tree fails the cached render ("Page changed from static to dynamic").
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = await resolvePageLocale(params);
  if ('notFound' in (await animeRecord((await params).id))) {
    const t = await getTranslations({ locale, namespace: 'DetailError' });
    return { title: t('notFoundTitle'), robots: { index: false } };
  }
  const t = await getTranslations({ locale, namespace: 'Rating' });
  return { title: t('editTitle'), robots: { index: false } };
}

export default async function AnimeEditPage({ params }: Props) {
  const locale = await resolvePageLocale(params);
  const anime = await loadAnime((await params).id, 'edit');
  if (!anime) return <AnimeNotFoundAnswer />;
  return (
    <ScopedMessages locale={locale} route="editRating">
      <EditRatingPage anime={anime} locale={locale} />
    </ScopedMessages>
  );
}

import { AnimeDetailPage } from '@/components/detail/anime-detail-page';
import { detailMetadata } from '@/components/detail/detail-metadata';
import { loadAnime } from '@/components/detail/load-anime';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// Cached per language, regenerated in the background with the life of its data (SPEC §9, 10 min).
export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string }> };

export async function generateMetadata({ params }: Props) {
  await resolvePageLocale(params);
  return detailMetadata((await params).id);
}

export default async function AnimePage({ params }: Props) {
  await resolvePageLocale(params);
  return <AnimeDetailPage anime={await loadAnime((await params).id)} />;
}

import { AnimeDetailPage } from '@/components/detail/anime-detail-page';
import { detailMetadata } from '@/components/detail/detail-metadata';
import { loadAnime } from '@/components/detail/load-anime';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return detailMetadata((await params).id);
}

export default async function AnimePage({ params }: Props) {
  return <AnimeDetailPage anime={await loadAnime((await params).id)} />;
}

import { AnimeDetailPage } from '@/components/detail/anime-detail-page';
import { AnimeNotFoundAnswer } from '@/components/detail/anime-not-found-answer';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { detailMetadata } from '@/components/detail/detail-metadata';
import { loadAnime } from '@/components/detail/load-anime';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

// Cached per language, regenerated in the background with the life of its data (SPEC §9, 10 min).
export const revalidate = 600;
// Nothing here may depend on the request: without this, a render-time read of request data deep
// in the detail tree fails the cached render ("Page changed from static to dynamic").
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;

type Props = { params: Promise<LocaleParams & { id: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = await resolvePageLocale(params);
  // A record not known yet costs an upstream call: charged to the budget of page misses (animeRecord).
  return detailMetadata((await params).id, locale);
}

// Not found: 404 with 'Anime não encontrado'; not now: 503 (components/detail/load-anime.ts).
export default async function AnimePage({ params }: Props) {
  const locale = await resolvePageLocale(params);
  const anime = await loadAnime((await params).id);
  if (!anime) return <AnimeNotFoundAnswer />;
  return (
    <ScopedMessages locale={locale} route="detail">
      <ContentAfterHeader>
        <AnimeDetailPage anime={anime} locale={locale} />
      </ContentAfterHeader>
    </ScopedMessages>
  );
}

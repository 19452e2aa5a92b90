import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/config';
import { RatedAnimeList } from './rated-anime-list';

/** 'Meus Animes Avaliados' (SPEC §2): a static shell; the ratings render client-side. */
export async function MyRatingsPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'MyRatings' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      {/* Skeletons, then cards or the empty message: the footer stays below the fold meanwhile (CLS). */}
      <div className="min-h-svh">
        <RatedAnimeList />
      </div>
    </div>
  );
}

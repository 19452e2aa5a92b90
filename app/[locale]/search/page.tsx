import { getTranslations } from 'next-intl/server';
import { SearchContent } from '@/components/search/search-page';
import { DEFAULT_SEARCH_SORT, DEFAULT_VIEW } from '@/lib/discovery/params';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// /search with no query: the popular searches, the same for everyone, rendered at build time.
export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'SearchPage' });
  return { title: t('title') };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  await resolvePageLocale(params);
  return <SearchContent q="" sort={DEFAULT_SEARCH_SORT} view={DEFAULT_VIEW} />;
}

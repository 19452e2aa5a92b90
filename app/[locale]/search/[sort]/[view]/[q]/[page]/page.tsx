import { getTranslations } from 'next-intl/server';
import { SearchContent } from '@/components/search/search-page';
import { parsePage } from '@/lib/discovery/browse-params';
import { decodeSearchSegment, parseSearchParams, searchHref } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * A search past its first page (/search?q=…&page=N): proxy.ts rewrites the page to a segment of
 * its own, so each page of each search is one cached page.
 */
type Params = Promise<LocaleParams & { sort: string; view: string; q: string; page: string }>;

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const { sort, view, q, page } = await params;
  const state = parseSearchParams({ q: decodeSearchSegment(q), sort, view });
  const t = await getTranslations({ locale, namespace: 'SearchPage' });
  return { title: t('title'), alternates: { canonical: searchHref({ ...state, page: parsePage(page) }) } };
}

export default async function Page({ params }: { params: Params }) {
  await resolvePageLocale(params);
  const { sort, view, q, page } = await params;
  const state = parseSearchParams({ q: decodeSearchSegment(q), sort, view });
  return <SearchContent q={state.q} sort={state.sort} view={state.view} page={parsePage(page)} />;
}

import { getTranslations } from 'next-intl/server';
import { SearchContent } from '@/components/search/search-page';
import { decodeSearchSegment, parseSearchParams } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * /search?q=…&sort=…&view=… (SPEC §2). proxy.ts rewrites the query to path segments (the query
 * text base64url-encoded, so any character survives), so each search of each language is one
 * cached page, generated on its first request.
 */
type Params = Promise<LocaleParams & { sort: string; view: string; q: string }>;

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'SearchPage' });
  return { title: t('title') };
}

export default async function Page({ params }: { params: Params }) {
  await resolvePageLocale(params);
  const { sort, view, q } = await params;
  const state = parseSearchParams({ q: decodeSearchSegment(q), sort, view });
  return <SearchContent q={state.q} sort={state.sort} view={state.view} />;
}

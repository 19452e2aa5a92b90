import { getTranslations } from 'next-intl/server';
import { ExploreResults } from '@/components/explore/explore-results';
import { parsePage } from '@/lib/discovery/browse-params';
import { exploreHref, parseExploreParams } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * An Explore tab past its first page (/explore?tab=…&page=N): proxy.ts rewrites the page to a
 * segment of its own, so each page of each tab and view is one cached page.
 */
type Params = Promise<LocaleParams & { tab: string; view: string; page: string }>;

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const segments = await params;
  const t = await getTranslations({ locale, namespace: 'Explore' });
  const tBrowse = await getTranslations({ locale, namespace: 'Browse' });
  const { tab, view } = parseExploreParams({ tab: segments.tab, view: segments.view });
  const page = parsePage(segments.page);
  return {
    title: `${t('title')} · ${tBrowse('page', { page })}`,
    alternates: { canonical: exploreHref({ tab, view, page }) },
  };
}

export default async function ExplorePagePast({ params }: { params: Params }) {
  await resolvePageLocale(params);
  const segments = await params;
  const { tab, view } = parseExploreParams({ tab: segments.tab, view: segments.view });
  return <ExploreResults tab={tab} view={view} page={parsePage(segments.page)} />;
}

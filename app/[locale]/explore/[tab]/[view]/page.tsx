import { getTranslations } from 'next-intl/server';
import { ExploreResults } from '@/components/explore/explore-results';
import { parseExploreParams } from '@/lib/discovery/params';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * One Explore tab's list (/explore?tab=…&view=…, SPEC §2). proxy.ts rewrites the query to path
 * segments, so each tab and view of each language is one cached page.
 */
type Params = Promise<LocaleParams & { tab: string; view: string }>;

export const revalidate = 600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Explore' });
  return { title: t('title') };
}

export default async function ExplorePage({ params }: { params: Params }) {
  await resolvePageLocale(params);
  const segments = await params;
  const { tab, view } = parseExploreParams({ tab: segments.tab, view: segments.view });
  return <ExploreResults tab={tab} view={view} />;
}

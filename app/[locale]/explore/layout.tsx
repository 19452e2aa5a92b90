import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ExploreTabs } from '@/components/explore/explore-tabs';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { routes } from '@/lib/routes';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/**
 * Explore's heading and tabs, kept mounted while the cached tab pages below change. The season
 * archive and the catalogue are not prefetched: each costs the anime database a call on a cold
 * server for a page most visitors of Explore never open (docs/decisions/unopened-pages.md).
 */
export default async function ExploreLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<LocaleParams>;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Explore' });
  const tBrowse = await getTranslations({ locale, namespace: 'Browse' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="mt-1 text-muted">{t('subtitle')}</p>
      <nav aria-label={tBrowse('entryPoints')} className="mt-2 mb-6 flex flex-wrap gap-x-4">
        <Link
          href={routes.season}
          prefetch={false}
          className="inline-flex min-h-11 items-center text-sm font-medium text-accent-text underline-offset-2 hover:underline"
        >
          {tBrowse('seasonArchive')}
        </Link>
        <Link
          href={routes.browse}
          prefetch={false}
          className="inline-flex min-h-11 items-center text-sm font-medium text-accent-text underline-offset-2 hover:underline"
        >
          {tBrowse('browseTitle')}
        </Link>
      </nav>
      <ScopedMessages locale={locale} route="explore">
        <ContentAfterHeader>
          <ExploreTabs>{children}</ExploreTabs>
        </ContentAfterHeader>
      </ScopedMessages>
    </div>
  );
}

import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ExploreTabs } from '@/components/explore/explore-tabs';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/** Explore's heading and tabs, kept mounted while the cached tab pages below change. */
export default async function ExploreLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<LocaleParams>;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Explore' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('subtitle')}</p>
      <ScopedMessages locale={locale} route="explore">
        <ExploreTabs>{children}</ExploreTabs>
      </ScopedMessages>
    </div>
  );
}

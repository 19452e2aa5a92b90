import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { SearchShell } from '@/components/search/search-shell';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/** The search screen's title and controls, kept mounted while the cached results pages change. */
export default async function SearchLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<LocaleParams>;
}) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'SearchPage' });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <ScopedMessages locale={locale} route="search">
        <ContentAfterHeader>
          <SearchShell>{children}</SearchShell>
        </ContentAfterHeader>
      </ScopedMessages>
    </div>
  );
}

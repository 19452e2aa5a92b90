import { getTranslations } from 'next-intl/server';
import { ForYouPage } from '@/components/for-you/for-you-page';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// A static shell per language; the suggestions are worked out in the visitor's browser.
export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ForYou' });
  return { title: t('title') };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ForYou' });
  return (
    <ScopedMessages locale={locale} route="forYou">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 mb-6 max-w-2xl text-muted">{t('intro')}</p>
        {/* Skeletons, then cards or the empty message: the footer stays below the fold meanwhile (CLS). */}
        <div className="min-h-svh">
          <ForYouPage />
        </div>
      </div>
    </ScopedMessages>
  );
}

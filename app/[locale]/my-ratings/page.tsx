import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { MyRatingsPage } from '@/components/ratings/my-ratings-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// A static shell per language; the ratings live in the visitor's browser (components/ratings).
export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'MyRatings' });
  return { title: t('title') };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  return (
    <ScopedMessages locale={locale} route="myRatings">
      <MyRatingsPage locale={locale} />
    </ScopedMessages>
  );
}

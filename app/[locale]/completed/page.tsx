import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Lists' });
  return { title: t('titleCompleted') };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Lists' });
  return <PendingPage title={t('titleCompleted')} grid={true} />;
}

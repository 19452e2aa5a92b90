import { getTranslations } from 'next-intl/server';
import { DevTestPage } from '@/components/dev/dev-test-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'TestPage' });
  return { title: t('title'), robots: { index: false } };
}

export default async function TestPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  return <DevTestPage locale={locale} />;
}

import { getTranslations } from 'next-intl/server';
import { SettingsPage } from '@/components/settings/settings-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return { title: t('title') };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  return <SettingsPage locale={locale} />;
}

import { getTranslations } from 'next-intl/server';
import { DataTab } from '@/components/settings/data-tab';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return { title: t('title') };
}

// Until the settings tabs land (branch `extras`), the page shows the Data tab on its own.
export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <DataTab />
    </div>
  );
}

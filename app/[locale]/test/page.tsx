import { getTranslations } from 'next-intl/server';
import { RenderErrorTrigger } from '@/components/dev/render-error-trigger';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'TestPage' });
  return { title: t('title'), robots: { index: false } };
}

export default async function TestPage({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'TestPage' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="mb-2 text-2xl font-bold">{t('title')}</h1>
      <p className="mb-8 text-muted">{t('intro')}</p>
      <RenderErrorTrigger label={t('simulateError')} />
    </div>
  );
}

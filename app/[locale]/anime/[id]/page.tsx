import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = onDemandStaticParams;

export default async function AnimeDetailPage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Detail' });
  return <PendingPage title={t('loading')} grid={false} />;
}

import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';

export default async function AnimeDetailPage() {
  const t = await getTranslations('Detail');
  return <PendingPage title={t('loading')} grid={false} />;
}

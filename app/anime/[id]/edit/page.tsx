import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';

export default async function AnimeEditPage() {
  const t = await getTranslations('Rating');
  return <PendingPage title={t('editTitle')} grid={false} />;
}

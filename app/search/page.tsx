import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';

export async function generateMetadata() {
  const t = await getTranslations('SearchPage');
  return { title: t('title') };
}

export default async function Page() {
  const t = await getTranslations('SearchPage');
  return <PendingPage title={t('title')} grid={true} />;
}

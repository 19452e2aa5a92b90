import { getTranslations } from 'next-intl/server';
import { PendingPage } from '@/components/layout/pending-page';

export async function generateMetadata() {
  const t = await getTranslations('Lists');
  return { title: t('titleDropped') };
}

export default async function Page() {
  const t = await getTranslations('Lists');
  return <PendingPage title={t('titleDropped')} grid={true} />;
}

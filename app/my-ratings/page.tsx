import { getTranslations } from 'next-intl/server';
import { MyRatingsPage } from '@/components/ratings/my-ratings-page';

export async function generateMetadata() {
  const t = await getTranslations('MyRatings');
  return { title: t('title') };
}

export default function Page() {
  return <MyRatingsPage />;
}

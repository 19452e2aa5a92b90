import { getTranslations } from 'next-intl/server';
import { ApiTestPanel } from '@/components/dev/api-test-panel';
import { RenderErrorTrigger } from '@/components/dev/render-error-trigger';
import { ShareReviewTester } from '@/components/dev/share-review-tester';
import { ScopedMessages } from '@/components/i18n/scoped-messages';

export async function generateMetadata() {
  const t = await getTranslations('TestPage');
  return { title: t('title'), robots: { index: false } };
}

export default async function TestPage() {
  const t = await getTranslations('TestPage');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="mb-2 text-2xl font-bold">{t('title')}</h1>
      <p className="mb-8 text-muted">{t('intro')}</p>
      <ScopedMessages namespaces={['TestPage']}>
        <ApiTestPanel />
        <h2 className="mt-10 mb-3 text-lg font-semibold">{t('shareTitle')}</h2>
        <ShareReviewTester />
      </ScopedMessages>
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t('errorBoundary')}</h2>
      <RenderErrorTrigger label={t('simulateError')} />
    </div>
  );
}

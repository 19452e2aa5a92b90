import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { Locale } from '@/lib/i18n/config';
import { ApiTestPanel } from './api-test-panel';
import { RenderErrorTrigger } from './render-error-trigger';
import { ShareReviewTester } from './share-review-tester';

/** The developer API test page (SPEC §2 Test page). */
export async function DevTestPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'TestPage' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="mb-2 text-2xl font-bold">{t('title')}</h1>
      <p className="mb-8 text-muted">{t('intro')}</p>
      <ScopedMessages locale={locale} route="test">
        <ApiTestPanel />
        <h2 className="mt-10 mb-3 text-lg font-semibold">{t('shareTitle')}</h2>
        <ShareReviewTester />
      </ScopedMessages>
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t('errorBoundary')}</h2>
      <RenderErrorTrigger label={t('simulateError')} />
    </div>
  );
}

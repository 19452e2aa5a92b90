import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import type { Locale } from '@/lib/i18n/config';
import { SettingsTabs } from './settings-tabs';

/**
 * Settings (SPEC §2). The page is static: the chosen tab (`?tab=`) is read in the browser, so the
 * server sends the title and a skeleton, and the tabs render after hydration.
 */
export async function SettingsPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold">{t('title')}</h1>
      <ScopedMessages locale={locale} route="settings">
        <Suspense fallback={<SettingsSkeleton />}>
          <SettingsTabs />
        </Suspense>
      </ScopedMessages>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      <div className="skeleton h-12 w-full rounded-md" />
      <div className="skeleton h-64 w-full rounded-md" />
    </div>
  );
}

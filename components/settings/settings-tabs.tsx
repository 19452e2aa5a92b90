'use client';

import * as Tabs from '@/components/ui/tabs';
import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { lazy, Suspense } from 'react';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';
import { GeneralTab } from './general-tab';

/**
 * Geral is the default tab and ships with the page; the others (the data tab's backup, MAL and
 * statistics code, its clear dialog, the account tab's sign-in) are fetched when first opened
 * (first-load JavaScript). The panel keeps its space while one loads.
 */
function PanelSkeleton() {
  return <div aria-hidden className="skeleton h-64 w-full rounded-md" />;
}
const AppearanceTab = lazy(() => import('./appearance-tab').then((m) => ({ default: m.AppearanceTab })));
const LanguageTab = lazy(() => import('./language-tab').then((m) => ({ default: m.LanguageTab })));
const NotificationsTab = lazy(() => import('./notifications-tab').then((m) => ({ default: m.NotificationsTab })));
const PrivacyTab = lazy(() => import('./privacy-tab').then((m) => ({ default: m.PrivacyTab })));
const DataSection = lazy(() => import('./data-section').then((m) => ({ default: m.DataSection })));
const AccountTab = lazy(() => import('./account-tab').then((m) => ({ default: m.AccountTab })));

export const SETTINGS_TABS = ['general', 'appearance', 'language', 'notifications', 'privacy', 'data', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const LABELS = {
  general: 'tabGeneral',
  appearance: 'tabAppearance',
  language: 'tabLanguage',
  notifications: 'tabNotifications',
  privacy: 'tabPrivacy',
  data: 'tabData',
  account: 'tabAccount',
} as const;

function isSettingsTab(value: unknown): value is SettingsTab {
  return typeof value === 'string' && (SETTINGS_TABS as readonly string[]).includes(value);
}

/**
 * The seven tabs of SPEC §2 (Radix Tabs: arrow keys, Home/End, roving focus). The selected tab is
 * kept in the URL (`?tab=`), replaced rather than pushed so Back leaves the page; an unknown value
 * falls back to Geral.
 */
export function SettingsTabs() {
  const t = useTranslations('Settings');
  const params = useSearchParams();
  const pathname = usePathname();
  const requested = params.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'general';

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        if (!isSettingsTab(value)) return;
        const next = new URLSearchParams(params.toString());
        next.set('tab', value);
        // The browser's own history (Next keeps useSearchParams in step): no navigation, so the
        // page is never rendered anew and nothing typed in a tab is lost while the URL changes.
        window.history.replaceState(null, '', `${pathname || routes.settings}?${next.toString()}`);
      }}
    >
      <Tabs.List
        aria-label={t('tabsLabel')}
        className="flex gap-1 overflow-x-auto rounded-md border border-border bg-surface p-1 [scrollbar-width:thin]"
      >
        {SETTINGS_TABS.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center justify-center rounded-sm px-3 text-sm font-medium whitespace-nowrap sm:px-4',
              'text-muted transition-colors duration-150 ease-out hover:bg-surface-2 hover:text-fg',
              'data-[state=active]:bg-accent data-[state=active]:text-accent-fg data-[state=active]:hover:bg-accent-hover',
            )}
          >
            {t(LABELS[value])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="mt-6">
        <Panel value="general">
          <GeneralTab />
        </Panel>
        <Panel value="appearance">
          <AppearanceTab />
        </Panel>
        <Panel value="language">
          <LanguageTab />
        </Panel>
        <Panel value="notifications">
          <NotificationsTab />
        </Panel>
        <Panel value="privacy">
          <PrivacyTab />
        </Panel>
        <Panel value="data">
          <DataSection />
        </Panel>
        <Panel value="account">
          <AccountTab />
        </Panel>
      </div>
    </Tabs.Root>
  );
}

function Panel({ value, children }: { value: SettingsTab; children: React.ReactNode }) {
  return (
    <Tabs.Content value={value} className="flex flex-col gap-6 rounded-md focus-visible:outline-offset-4">
      <Suspense fallback={<PanelSkeleton />}>{children}</Suspense>
    </Tabs.Content>
  );
}

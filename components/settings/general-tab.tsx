'use client';

import { Download } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useSyncExternalStore } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button } from '@/components/ui/button';
import { htmlLang, isLocale } from '@/lib/i18n/config';
import { logger } from '@/lib/logger';
import { APP_VERSION, browserName } from '@/lib/settings/browser-name';
import { SettingsCard } from './settings-card';

const subscribeNever = () => () => {};

/** Geral (SPEC §2): version 1.0.0, today's date, the browser; plus the diagnostic log export. */
export function GeneralTab() {
  const t = useTranslations('Settings');
  const locale = useLocale();
  // The date and the browser are the visitor's: read in the browser only (null on the server).
  const today = useSyncExternalStore(
    subscribeNever,
    () =>
      new Intl.DateTimeFormat(isLocale(locale) ? htmlLang[locale] : 'pt-BR', { dateStyle: 'full' }).format(
        new Date(),
      ),
    () => null,
  );
  const browser = useSyncExternalStore(
    subscribeNever,
    () => browserName(navigator.userAgent) ?? t('unknownBrowser'),
    () => null,
  );
  const [exported, setExported] = useState<string | null>(null);

  return (
    <>
      <SettingsCard title={t('aboutTitle')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted">{t('version')}</dt>
          <dd className="font-medium" data-testid="settings-version">
            {APP_VERSION}
          </dd>
          <dt className="text-muted">{t('date')}</dt>
          <dd className="font-medium" data-testid="settings-date">
            {today}
          </dd>
          <dt className="text-muted">{t('browser')}</dt>
          <dd className="font-medium" data-testid="settings-browser">
            {browser}
          </dd>
        </dl>
      </SettingsCard>
      <SettingsCard title={t('diagnosticsTitle')} description={t('diagnosticsText')}>
        <Button variant="secondary" onClick={() => setExported(logger.downloadLogs())}>
          <Glyph icon={Download} aria-hidden className="size-4" />
          {t('exportLogs')}
        </Button>
        {exported && (
          <p role="status" className="mt-3 text-sm text-success">
            {t('logsExported', { file: exported })}
          </p>
        )}
      </SettingsCard>
    </>
  );
}

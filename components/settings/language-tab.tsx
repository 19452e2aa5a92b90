'use client';

import { useLocale, useTranslations } from 'next-intl';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { isLocale } from '@/lib/i18n/config';
import { SettingsCard } from './settings-card';

/** Idioma (SPEC §2): Português (default) or English, with the header's own switcher. */
export function LanguageTab() {
  const t = useTranslations('Settings');
  const tl = useTranslations('Languages');
  const locale = useLocale();
  return (
    <SettingsCard title={t('languageTitle')} description={t('languageText')}>
      <p className="mb-3 text-sm" data-testid="settings-language">
        {t('currentLanguage', { language: isLocale(locale) ? tl(locale) : locale })}
      </p>
      <LanguageSwitcher />
    </SettingsCard>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { SettingsCard } from './settings-card';

/**
 * Privacidade (SPEC §2): the adult-content and age status and how the check works. Until Google
 * sign-in lands every visitor is anonymous, so the status says so truthfully.
 */
export function VisitorPrivacyTab() {
  const t = useTranslations('Settings');
  return (
    <>
      <SettingsCard title={t('privacyStatusTitle')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm" data-testid="privacy-status">
          <dt className="text-muted">{t('loginStatus')}</dt>
          <dd className="font-medium">{t('notLoggedIn')}</dd>
          <dt className="text-muted">{t('ageStatus')}</dt>
          <dd className="font-medium">{t('ageUnknown')}</dd>
          <dt className="text-muted">{t('adultStatus')}</dt>
          <dd className="font-medium">{t('adultBlocked')}</dd>
        </dl>
      </SettingsCard>
      <SettingsCard title={t('privacyHowTitle')}>
        <ul className="list-disc space-y-2 pl-5 text-sm">
          <li>{t('privacyHow1')}</li>
          <li>{t('privacyHow2')}</li>
          <li>{t('privacyHow3')}</li>
        </ul>
      </SettingsCard>
    </>
  );
}

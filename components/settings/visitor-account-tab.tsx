'use client';

import { UserRound } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { SettingsCard } from './settings-card';

/** Conta (SPEC §2). Until Google sign-in lands every visitor is anonymous: the tab says so. */
export function VisitorAccountTab() {
  const t = useTranslations('Settings');
  return (
    <SettingsCard title={t('accountTitle')}>
      <div className="flex items-center gap-4" data-testid="account-status">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface-2 text-muted">
          <UserRound aria-hidden className="size-6" />
        </span>
        <div>
          <p className="font-medium">{t('anonymous')}</p>
          <p className="text-sm text-muted">{t('anonymousText')}</p>
        </div>
      </div>
    </SettingsCard>
  );
}

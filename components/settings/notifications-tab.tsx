'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { desktopPermission, requestDesktopPermission, type DesktopPermission } from '@/lib/desktop-notifications';
import { playNotificationSound } from '@/lib/notification-sound';
import { PREFERENCE_KEYS, useNotificationsStore, type PreferenceKey } from '@/lib/stores/notifications-store';
import { SettingsCard } from './settings-card';

const LABELS = {
  newEpisodes: { label: 'prefNewEpisodes', hint: 'prefNewEpisodesHint' },
  seasonReleases: { label: 'prefSeasonReleases', hint: 'prefSeasonReleasesHint' },
  favoritesUpdates: { label: 'prefFavoritesUpdates', hint: 'prefFavoritesUpdatesHint' },
  soundEnabled: { label: 'prefSound', hint: 'prefSoundHint' },
  desktopNotifications: { label: 'prefDesktop', hint: 'prefDesktopHint' },
} as const satisfies Record<PreferenceKey, { label: string; hint: string }>;

const PERMISSION_TEXT = {
  default: 'permissionDefault',
  granted: 'permissionGranted',
  denied: 'permissionDenied',
  unsupported: 'permissionUnsupported',
} as const satisfies Record<DesktopPermission, string>;

/** Notificações (SPEC §3 preferences, all on by default), saved at once in this browser. */
export function NotificationsTab() {
  const t = useTranslations('Settings');
  const preferences = useNotificationsStore((state) => state.preferences);
  const setPreference = useNotificationsStore((state) => state.setPreference);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);

  return (
    <>
      <SettingsCard title={t('notificationsTitle')} description={t('notificationsText')}>
        <ul className="flex flex-col gap-4">
          {PREFERENCE_KEYS.map((key) => (
            <li key={key}>
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-[var(--accent)]"
                  checked={preferences[key]}
                  onChange={(event) => setPreference(key, event.target.checked)}
                  aria-describedby={`pref-${key}-hint`}
                />
                <span>
                  <span className="block font-medium">{t(LABELS[key].label)}</span>
                  <span id={`pref-${key}-hint`} className="block text-sm text-muted">
                    {t(LABELS[key].hint)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </SettingsCard>
      <SettingsCard title={t('desktopTitle')}>
        <p className="mb-3 text-sm" role="status" data-testid="desktop-permission">
          {t(PERMISSION_TEXT[permission])}
        </p>
        <div className="flex flex-wrap gap-2">
          {permission === 'default' && (
            <Button variant="secondary" onClick={() => void requestDesktopPermission().then(setPermission)}>
              {t('askPermission')}
            </Button>
          )}
          <Button variant="secondary" disabled={!preferences.soundEnabled} onClick={() => playNotificationSound()}>
            {t('testSound')}
          </Button>
        </div>
      </SettingsCard>
    </>
  );
}

'use client';

import { LogIn } from 'lucide';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { accessState } from '@/components/auth/access-status';
import { UserAvatar } from '@/components/auth/user-menu';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { Button, buttonClass } from '@/components/ui/button';
import { useAuth } from '@/lib/firebase/use-auth';
import { ProfileSection } from './profile-section';
import { SyncSection } from './sync-section';

/**
 * Settings 'Conta' tab (SPEC §2): profile, age status, adult-content status and logout; a visitor
 * gets the Google login instead. Mounted by the tabbed settings page.
 */
export function AccountTab() {
  const t = useTranslations('AccountTab');
  const tAdult = useTranslations('AccessBadge');
  const tPrivacy = useTranslations('PrivacyTab');
  const tHeader = useTranslations('Header');
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const state = accessState(auth);

  const act = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const heading = (
    <h2 id="account-tab-title" className="text-lg font-bold">
      {t('title')}
    </h2>
  );

  if (state === 'checking') {
    return (
      <section aria-labelledby="account-tab-title" aria-busy className="flex flex-col gap-4">
        {heading}
        <p className="text-sm text-muted">{t('loading')}</p>
      </section>
    );
  }

  if (!auth.user) {
    return (
      <section aria-labelledby="account-tab-title" className="flex flex-col items-start gap-4">
        {heading}
        <p className="text-sm text-muted">{t('visitorText')}</p>
        <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => void act(auth.signIn)}>
          <Glyph icon={LogIn} aria-hidden className="size-4" />
          {tHeader('login')}
        </Button>
      </section>
    );
  }

  const user = auth.user;
  const name = user.displayName || t('noName');
  return (
    <section aria-labelledby="account-tab-title" className="flex flex-col gap-6">
      {heading}
      <div className="flex items-center gap-4 rounded-lg border border-border bg-surface p-4">
        <UserAvatar name={name} photoURL={user.photoURL} size={56} />
        <dl className="min-w-0 text-sm">
          <dt className="sr-only">{t('name')}</dt>
          <dd className="truncate text-base font-semibold">{name}</dd>
          {user.email && (
            <>
              <dt className="sr-only">{t('email')}</dt>
              <dd className="truncate text-muted">{user.email}</dd>
            </>
          )}
        </dl>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="account-status">
        <div className="rounded-lg border border-border bg-surface p-4">
          <dt className="text-sm text-muted">{t('ageStatus')}</dt>
          <dd className="mt-1 font-semibold">{state === 'adult' ? tAdult('adult') : tAdult('minor')}</dd>
          <dd className="text-sm text-muted">
            {auth.userAge === null ? t('ageUnknown') : t('age', { age: auth.userAge })}
          </dd>
        </div>
        <div className="rounded-lg border border-border bg-surface p-4">
          <dt className="text-sm text-muted">{t('adultContentStatus')}</dt>
          <dd
            className={
              auth.canAccessAdultContent ? 'mt-1 font-semibold text-success' : 'mt-1 font-semibold text-error'
            }
          >
            {auth.canAccessAdultContent ? tPrivacy('allowed') : tPrivacy('blocked')}
          </dd>
          <dd className="text-sm text-muted">
            {auth.canAccessAdultContent ? tAdult('tooltipAdult') : tAdult('tooltipMinor')}
          </dd>
        </div>
      </dl>
      <SyncSection uid={user.uid} />
      <ProfileSection key={user.uid} uid={user.uid} />
      <SignOutButton
        uid={user.uid}
        className={buttonClass('danger', 'md', 'self-start')}
        label={tHeader('logout')}
      />
    </section>
  );
}

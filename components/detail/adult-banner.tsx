'use client';

import { ShieldAlert } from 'lucide';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { retryImport } from '@/components/ui/lazy-part';
import { accessState } from '@/components/auth/access-status';
import { buttonClass } from '@/components/ui/button';
import { useAuth } from '@/lib/firebase/use-auth';
import { useHydrated } from '@/lib/stores/use-hydrated';
import { useNotificationsStore } from '@/lib/stores/notifications-store';

// Radix Dialog's code loads on the first 'Verificar Acesso', not with every adult page.
const AdultContentNotice = dynamic(
  () => retryImport(() => import('@/components/auth/adult-content-notice')),
  {
    ssr: false,
  },
);

/**
 * SPEC §2 adult-content warning. 'Verificar Acesso' opens the notice with the visitor's real
 * access state (SPEC §4 Adult gate). While sign-in is still being checked (3 s at most) the
 * dialog waits for the answer instead of showing a state that may be wrong. A visitor or a minor
 * trying to open the anime also gets the SPEC §6 notification naming it, once per attempt.
 */
export function AdultBanner({
  animeId,
  animeTitle,
  unverified = false,
}: {
  animeId: number;
  animeTitle: string;
  /** The age rating cannot be checked right now (offline, facts unknown): say that, not "adult". */
  unverified?: boolean;
}) {
  const t = useTranslations('Adult');
  const tNotice = useTranslations('Notifications');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // Set by a click, consumed once the access state is known (it may still be loading then).
  const noticePending = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const state = accessState(useAuth());
  const checking = state === 'checking';
  const addNotification = useNotificationsStore((store) => store.add);
  // In the server HTML: not taken before the page has hydrated and can open the notice.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open || checking || !noticePending.current) return;
    noticePending.current = false;
    if (state === 'visitor') {
      addNotification({
        type: 'loginRequired',
        title: tNotice('loginRequiredTitle'),
        message: tNotice('loginRequiredMessage', { anime: animeTitle }),
        data: { requiresLogin: true, actionUrl: `/anime/${animeId}`, animeId, animeTitle },
      });
    } else if (state === 'minor') {
      addNotification({
        type: 'adultContentBlocked',
        title: tNotice('blockedTitle'),
        message: tNotice('blockedMessage', { anime: animeTitle }),
        data: { requiresAgeVerification: true, actionUrl: `/anime/${animeId}`, animeId, animeTitle },
      });
    }
  }, [open, checking, state, addNotification, tNotice, animeId, animeTitle]);
  return (
    <section
      aria-labelledby="adult-banner-title"
      className="flex flex-col gap-3 rounded-md border border-warning/60 bg-warning/10 p-4 sm:flex-row sm:items-center"
      data-testid={unverified ? 'unverified-banner' : 'adult-banner'}
    >
      <Glyph icon={ShieldAlert} aria-hidden className="size-8 shrink-0 text-warning" />
      <div className="flex-1">
        <h2 id="adult-banner-title" className="font-semibold">
          {t(unverified ? 'unverifiedTitle' : 'warningTitle')}
        </h2>
        <p className="text-sm text-muted">{t(unverified ? 'unverifiedText' : 'warningText')}</p>
      </div>
      <button
        type="button"
        ref={trigger}
        className={buttonClass('secondary')}
        aria-haspopup="dialog"
        disabled={!hydrated}
        aria-busy={!hydrated || (open && checking)}
        onClick={() => {
          setLoaded(true);
          noticePending.current = true;
          setOpen(true);
        }}
      >
        {t('verify')}
      </button>
      {loaded && !checking && (
        <AdultContentNotice open={open} onOpenChange={setOpen} returnFocusTo={trigger} state={state} />
      )}
    </section>
  );
}

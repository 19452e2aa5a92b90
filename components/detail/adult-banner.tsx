'use client';

import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { accessState } from '@/components/auth/access-status';
import { buttonClass } from '@/components/ui/button';
import { useAuth } from '@/lib/firebase/use-auth';

// Radix Dialog's code loads on the first 'Verificar Acesso', not with every adult page.
const AdultContentNotice = dynamic(() => import('@/components/auth/adult-content-notice'), { ssr: false });

/**
 * SPEC §2 adult-content warning. 'Verificar Acesso' opens the notice with the visitor's real
 * access state (SPEC §4 Adult gate). While sign-in is still being checked (3 s at most) the
 * dialog waits for the answer instead of showing a state that may be wrong.
 */
export function AdultBanner() {
  const t = useTranslations('Adult');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const state = accessState(useAuth());
  const checking = state === 'checking';
  return (
    <section
      aria-labelledby="adult-banner-title"
      className="flex flex-col gap-3 rounded-md border border-warning/60 bg-warning/10 p-4 sm:flex-row sm:items-center"
      data-testid="adult-banner"
    >
      <ShieldAlert aria-hidden className="size-8 shrink-0 text-warning" />
      <div className="flex-1">
        <h2 id="adult-banner-title" className="font-semibold">
          {t('warningTitle')}
        </h2>
        <p className="text-sm text-muted">{t('warningText')}</p>
      </div>
      <button
        type="button"
        ref={trigger}
        className={buttonClass('secondary')}
        aria-haspopup="dialog"
        aria-busy={open && checking}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('verify')}
      </button>
      {loaded && !checking && (
        <AdultContentNotice
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) trigger.current?.focus();
          }}
          state={state}
        />
      )}
    </section>
  );
}

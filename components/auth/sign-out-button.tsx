'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { LogOut } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { useAuth } from '@/lib/firebase/use-auth';
import type { SignOutChoice } from '@/lib/library/engine';
import { resumeSync } from '@/lib/library/resume';

/**
 * 'Sair': asks what to do with the account's library on this device, 'Remover deste aparelho'
 * (the default, focused first) or 'Manter uma cópia neste aparelho', then signs out. Either way
 * the next account that signs in here never receives this one's entries (lib/library/engine.ts).
 * Changes the account has not received yet (offline, sync off) would be lost by removing: the
 * dialog says how many and offers to wait for the connection (staying signed in) or keep a copy.
 */
export function SignOutButton({
  uid,
  className,
  label,
  onDone,
}: {
  uid: string;
  className: string;
  /** The button's content after the icon (the header hides the text on narrow screens). */
  label: ReactNode;
  onDone?: () => void;
}) {
  const t = useTranslations('SignOut');
  const locale = useLocale();
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const unsentId = useId();
  const [busy, setBusy] = useState(false);

  const choose = async (choice: SignOutChoice) => {
    setBusy(true);
    try {
      try {
        const { endLibrarySession } = await import('@/lib/library/engine');
        await endLibrarySession(uid, choice);
      } catch (error) {
        // The stores stay the account's copy (as with 'keep'): no other account receives them.
        console.warn('[sync] could not finish the session', error);
      }
      const done = await signOut();
      if (!done) resumeSync();
      setOpen(false);
      onDone?.();
    } finally {
      setBusy(false);
    }
  };

  const openChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) return;
    setUnsent(0);
    void import('@/lib/library/engine')
      .then(({ unsentChangesOf }) => setUnsent(unsentChangesOf(uid)))
      .catch(() => undefined);
  };

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger className={className} disabled={busy} aria-busy={busy}>
        <Glyph icon={LogOut} aria-hidden className="size-4" />
        {label}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-surface p-6 shadow-lg data-[state=open]:animate-fade-in">
          <Dialog.Title className="text-lg font-semibold">{t('title')}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{t('question')}</Dialog.Description>
          {unsent > 0 && (
            <p
              id={unsentId}
              role="status"
              className="text-sm font-semibold text-error"
              data-testid="sign-out-unsent"
            >
              {t('unsent', { count: unsent, formatted: unsent.toLocaleString(locale) })}
            </p>
          )}
          <div className="flex flex-col gap-4">
            <Choice
              primary
              busy={busy}
              label={t('remove')}
              hint={t('removeHint')}
              also={unsent > 0 ? unsentId : undefined}
              onClick={() => void choose('remove')}
            />
            <Choice busy={busy} label={t('keep')} hint={t('keepHint')} onClick={() => void choose('keep')} />
            {unsent > 0 && (
              <Choice busy={busy} label={t('wait')} hint={t('waitHint')} onClick={() => setOpen(false)} />
            )}
          </div>
          <div className="flex justify-end">
            <Dialog.Close className={buttonClass('ghost', 'sm')} disabled={busy}>
              {t('cancel')}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One answer of the dialog: a button and the line that says what it does. */
function Choice({
  label,
  hint,
  busy,
  primary = false,
  also,
  onClick,
}: {
  label: string;
  hint: string;
  busy: boolean;
  primary?: boolean;
  /** Another element that describes the button too (what removing would lose). */
  also?: string;
  onClick: () => void;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={buttonClass(primary ? 'primary' : 'secondary', 'md', 'justify-center')}
        disabled={busy}
        aria-busy={primary ? busy : undefined}
        aria-describedby={also ? `${also} ${hintId}` : hintId}
        onClick={onClick}
      >
        {label}
      </button>
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

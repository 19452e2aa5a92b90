'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2, Lock, LogIn, ShieldAlert } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { RefObject } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';

/** SPEC §4 adult gate: not logged in, logged-in minor, logged-in adult. */
export type AdultAccessState = 'visitor' | 'minor' | 'adult';

export interface AdultContentNoticeProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who is asking; the sign-in issue passes the real state (until then every visitor is 'visitor'). */
  state: AdultAccessState;
  /** Defaults to 'Conteúdo Adulto'. */
  title?: string;
  /** The closing button; defaults to 'Entendi'. */
  buttonLabel?: string;
  /** Where focus goes back on close when the dialog has no Radix trigger (it is loaded on demand). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * SPEC §2 adult-content notice: an accessible dialog (Radix: focus trapped and returned, Escape
 * closes) with the 'Status do Seu Acesso' box for the visitor's state.
 */
export default function AdultContentNotice({
  open,
  onOpenChange,
  state,
  title,
  buttonLabel,
  returnFocusTo,
}: AdultContentNoticeProps) {
  const t = useTranslations('Adult');
  const rows: { label: string; value: string; ok: boolean }[] =
    state === 'visitor'
      ? [{ label: t('statusLabel'), value: t('notLogged'), ok: false }]
      : [
          { label: t('age'), value: state === 'adult' ? t('adult') : t('minor'), ok: state === 'adult' },
          {
            label: t('adultContent'),
            value: state === 'adult' ? t('permitted') : t('blocked'),
            ok: state === 'adult',
          },
        ];
  const heading =
    state === 'visitor' ? t('loginRequired') : state === 'minor' ? t('restricted') : t('allowed');
  const Icon = state === 'visitor' ? LogIn : state === 'minor' ? Lock : CheckCircle2;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-border bg-surface p-6 shadow-lg data-[state=open]:animate-fade-in"
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          data-testid="adult-content-notice"
          data-state-access={state}
        >
          <div className="flex items-center gap-3">
            <Glyph icon={ShieldAlert} aria-hidden className="size-7 shrink-0 text-warning" />
            <Dialog.Title className="text-lg font-bold">{title ?? t('warningTitle')}</Dialog.Title>
          </div>
          <Dialog.Description className="text-sm text-muted">{t('warningText')}</Dialog.Description>

          <section
            aria-labelledby="adult-access-status"
            className="rounded-md border border-border bg-surface-2 p-4"
          >
            <h3 id="adult-access-status" className="text-xs font-semibold tracking-wide text-muted uppercase">
              {t('accessStatus')}
            </h3>
            <p className="mt-2 flex items-center gap-2 font-semibold">
              <Glyph
                icon={Icon}
                aria-hidden
                className={cn('size-5', state === 'adult' ? 'text-success' : 'text-warning')}
              />
              {heading}
            </p>
            <dl className="mt-3 flex flex-col gap-1 text-sm">
              {rows.map((row) => (
                <div key={row.label} className="flex justify-between gap-4">
                  <dt className="text-muted">{row.label}</dt>
                  <dd className={cn('font-medium', row.ok ? 'text-success' : 'text-error')}>{row.value}</dd>
                </div>
              ))}
            </dl>
            {state === 'minor' && <p className="mt-3 text-sm text-muted">{t('minorHint')}</p>}
          </section>

          <div className="flex flex-wrap justify-end gap-2">
            {state === 'visitor' && (
              <Link
                href={routes.home}
                className={buttonClass('secondary')}
                onClick={() => onOpenChange(false)}
              >
                <Glyph icon={LogIn} aria-hidden className="size-4" />
                {t('login')}
              </Link>
            )}
            <Dialog.Close className={buttonClass('primary')}>{buttonLabel ?? t('understood')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

'use client';

import { LogIn, LogOut } from 'lucide';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { LazyPart } from '@/components/ui/lazy-part';
import { StaticImage } from '@/components/ui/static-image';
import { buttonClass } from '@/components/ui/button';
import { useAuth } from '@/lib/firebase/use-auth';
import { cn } from '@/lib/utils/cn';

/**
 * 'Sair' and its question (a Radix dialog, ~13 kB) load once somebody is signed in: a visitor
 * signed out never downloads them. Until they are here the button is drawn disabled and busy.
 */
const loadSignOutButton = () => import('./sign-out-button').then((module) => module.SignOutButton);

function SignOutPending() {
  const t = useTranslations('Header');
  return (
    <button type="button" className={buttonClass('ghost', 'sm')} disabled aria-busy>
      <Glyph icon={LogOut} aria-hidden className="size-4" />
      <span className="sr-only xl:not-sr-only">{t('logout')}</span>
    </button>
  );
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Round avatar: the Google photo, or the initials when there is none or it fails to load. */
export function UserAvatar({
  name,
  photoURL,
  size = 32,
}: {
  name: string;
  photoURL: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (photoURL && !failed) {
    return (
      <StaticImage
        src={photoURL}
        alt=""
        width={size}
        height={size}
        // Google's avatar host serves small, already sized images: no optimiser round trip.
        unoptimized
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="shrink-0 rounded-full bg-surface-2 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text"
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * Header sign-in area (SPEC §2 Header): the Google login button, or avatar, name and 'Sair'
 * (which asks what to keep on this device: SignOutButton).
 * While the session is being checked a same-sized placeholder keeps the header from moving.
 */
/**
 * `compact`: below 1280 px (the header between 1024 and 1280 px) the button texts and the name
 * are read by screen readers only, leaving the icons and the avatar on screen.
 */
export function UserMenu({
  className,
  onAction,
  compact = false,
}: {
  className?: string;
  onAction?: () => void;
  compact?: boolean;
}) {
  const t = useTranslations('Header');
  const { user, loading, signIn } = useAuth();
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      onAction?.();
    }
  };

  if (loading) {
    return (
      <span
        aria-hidden
        data-testid="user-menu-loading"
        className={cn(
          'inline-block h-9 animate-pulse rounded-md bg-surface-2 motion-reduce:animate-none',
          // As wide as the button it stands for: an icon below 1280 px in the header.
          compact ? 'w-9 xl:w-28' : 'w-28',
          className,
        )}
      />
    );
  }
  if (!user) {
    return (
      <button
        type="button"
        className={buttonClass('secondary', 'sm', className)}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void act(signIn)}
      >
        <Glyph icon={LogIn} aria-hidden className="size-4" />
        <span className={cn(compact && 'sr-only xl:not-sr-only')}>{t('login')}</span>
      </button>
    );
  }
  const name = user.displayName || user.email || '';
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)} data-testid="user-menu">
      <UserAvatar name={name} photoURL={user.photoURL} />
      <span
        className={cn('max-w-32 truncate text-sm font-medium text-fg', compact && 'sr-only xl:not-sr-only')}
        title={name}
      >
        {name}
      </span>
      <LazyPart
        load={loadSignOutButton}
        props={{
          uid: user.uid,
          className: buttonClass('ghost', 'sm'),
          label: <span className={cn(compact && 'sr-only xl:not-sr-only')}>{t('logout')}</span>,
          onDone: onAction,
        }}
        fallback={<SignOutPending />}
      />
    </div>
  );
}

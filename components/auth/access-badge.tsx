'use client';

import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { cn } from '@/lib/utils/cn';

/**
 * Age and authentication status badge (SPEC §2 Header, §6). Until Google sign-in lands every
 * visitor is anonymous, so the badge truthfully says "not signed in" with the restriction text.
 * The tooltip is plain CSS (shown on hover and keyboard focus), described by aria-describedby.
 */
export function AccessBadge({ className }: { className?: string }) {
  const t = useTranslations('AccessBadge');
  const tooltipId = useId();
  return (
    <span className={cn('group relative inline-flex', className)}>
      <button
        type="button"
        data-testid="access-badge"
        aria-describedby={tooltipId}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-xs font-medium text-muted"
      >
        <ShieldAlert aria-hidden className="size-4 text-warning" />
        <span className="sr-only">{t('label')}: </span>
        {t('visitor')}
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-2 w-max max-w-64 rounded-md bg-fg px-3 py-2 text-xs text-bg opacity-0 shadow-md transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {t('tooltipVisitor')}
      </span>
    </span>
  );
}

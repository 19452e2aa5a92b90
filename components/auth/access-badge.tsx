'use client';

import { Loader2, ShieldAlert, ShieldCheck, ShieldX } from 'lucide';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { useAuth } from '@/lib/firebase/use-auth';
import { cn } from '@/lib/utils/cn';
import { accessState } from './access-status';

const LOOK = {
  checking: {
    icon: Loader2,
    tone: 'text-muted animate-spin motion-reduce:animate-none',
    label: 'checking',
    tooltip: 'checking',
  },
  visitor: { icon: ShieldAlert, tone: 'text-warning', label: 'visitor', tooltip: 'tooltipVisitor' },
  minor: { icon: ShieldX, tone: 'text-error', label: 'minor', tooltip: 'tooltipMinor' },
  adult: { icon: ShieldCheck, tone: 'text-success', label: 'adult', tooltip: 'tooltipAdult' },
} as const;

/**
 * Age and authentication status badge (SPEC §2 Header, §4 Adult gate, §6). The tooltip is plain
 * CSS (shown on hover and keyboard focus), described by aria-describedby. `compact`: below 1536 px
 * the status word is read by screen readers only and the badge shows its icon.
 */
export function AccessBadge({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useTranslations('AccessBadge');
  const tooltipId = useId();
  const state = accessState(useAuth());
  const look = LOOK[state];
  const Icon = look.icon;
  return (
    <span className={cn('group relative inline-flex', className)}>
      <button
        type="button"
        data-testid="access-badge"
        data-state={state}
        aria-describedby={tooltipId}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-xs font-medium text-muted"
      >
        <Glyph icon={Icon} aria-hidden className={cn('size-4', look.tone)} />
        <span className="sr-only">{t('label')}: </span>
        <span className={cn(compact && 'sr-only 2xl:not-sr-only')}>{t(look.label)}</span>
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-2 w-max max-w-64 rounded-md bg-fg px-3 py-2 text-xs text-bg opacity-0 shadow-md transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {t(look.tooltip)}
      </span>
    </span>
  );
}

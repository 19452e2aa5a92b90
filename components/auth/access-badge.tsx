'use client';

import * as Tooltip from '@radix-ui/react-tooltip';
import { ShieldAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/utils/cn';

/**
 * Age and authentication status badge (SPEC §2 Header, §6). Until Google sign-in lands every
 * visitor is anonymous, so the badge truthfully says "not signed in" with the restriction text.
 */
export function AccessBadge({ className }: { className?: string }) {
  const t = useTranslations('AccessBadge');
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            data-testid="access-badge"
            aria-label={`${t('label')}: ${t('visitor')}. ${t('tooltipVisitor')}`}
            className={cn(
              'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-xs font-medium text-muted',
              className,
            )}
          >
            <ShieldAlert aria-hidden className="size-4 text-warning" />
            {t('visitor')}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 max-w-64 rounded-md bg-fg px-3 py-2 text-xs text-bg shadow-md"
          >
            {t('tooltipVisitor')}
            <Tooltip.Arrow className="fill-fg" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

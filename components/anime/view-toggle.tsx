'use client';

import { LayoutGrid, List } from 'lucide';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { VIEWS, type View } from '@/lib/discovery/params';
import { cn } from '@/lib/utils/cn';

const ICONS: Record<View, typeof LayoutGrid> = { grid: LayoutGrid, list: List };

/**
 * Grid/list switch: two toggle buttons, the current one pressed. The view lives in the query
 * string (SPEC §2: reload and back/forward keep it): a switch replaces the URL with `hrefs[view]`
 * and the server re-renders the cards from its cache, so the cards themselves ship no client code.
 */
export function ViewToggle({
  view,
  hrefs,
  className,
}: {
  view: View;
  hrefs: Record<View, string>;
  className?: string;
}) {
  const t = useTranslations('View');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic(view);
  return (
    <div
      role="group"
      aria-label={t('label')}
      className={cn('inline-flex rounded-md border border-border bg-surface p-0.5', className)}
    >
      {VIEWS.map((value) => {
        const Icon = ICONS[value];
        const pressed = shown === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            onClick={() => {
              if (pressed) return;
              startTransition(() => {
                setShown(value);
                router.replace(hrefs[value], { scroll: false });
              });
            }}
            className={cn(
              'inline-flex min-h-10 min-w-11 items-center justify-center gap-2 rounded-sm px-3 text-sm font-medium transition-colors duration-150 ease-out',
              pressed ? 'bg-accent-soft text-accent-text' : 'text-muted hover:bg-surface-2 hover:text-fg',
            )}
          >
            <Glyph icon={Icon} aria-hidden className="size-4" />
            {/* Icons alone on phones, so the switch fits beside the sort select. */}
            <span className="sr-only sm:not-sr-only">{t(value)}</span>
          </button>
        );
      })}
    </div>
  );
}

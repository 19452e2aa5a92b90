'use client';

import { Moon, Sun } from 'lucide';
import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { useUntilHydrated } from '@/lib/stores/use-hydrated';
import { useSetTheme } from './use-set-theme';

export function ThemeToggle({ className }: { className?: string }) {
  const t = useTranslations('Theme');
  const { resolvedTheme } = useTheme();
  const setTheme = useSetTheme();
  const ready = useUntilHydrated();

  // Before hydration resolvedTheme is unknown; the icons switch by CSS so nothing flickers.
  return (
    <button
      type="button"
      className={buttonClass('ghost', 'icon', className)}
      aria-label={t('toggle')}
      title={resolvedTheme === 'dark' ? t('toLight') : t('toDark')}
      data-testid="theme-toggle"
      {...ready}
      onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}
    >
      <Glyph icon={Sun} aria-hidden className="hidden size-5 dark:block" />
      <Glyph icon={Moon} aria-hidden className="size-5 dark:hidden" />
    </button>
  );
}

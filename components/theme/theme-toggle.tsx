'use client';

import { useTranslations } from 'next-intl';
import { useTheme } from '@/components/theme/theme-store';
import { buttonClass } from '@/components/ui/button';
import { useUntilHydrated } from '@/lib/stores/use-hydrated';
import { useSetTheme } from './use-set-theme';

/** `children`: the sun and moon icons (components/ui/control-icons.tsx themeIcons). */
export function ThemeToggle({ className, children }: { className?: string; children: React.ReactNode }) {
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
      // The theme shown, read when tapped: the tap can come before the store's first render.
      onClick={() => setTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark')}
    >
      {children}
    </button>
  );
}

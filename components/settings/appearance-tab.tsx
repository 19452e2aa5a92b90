'use client';

import { Moon, Sun } from 'lucide';
import { useTranslations } from 'next-intl';
import { useTheme } from '@/components/theme/theme-store';
import { Glyph } from '@/components/ui/glyph';
import { useSetTheme } from '@/components/theme/use-set-theme';
import { cn } from '@/lib/utils/cn';
import { SettingsCard } from './settings-card';

const THEMES = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
] as const;

/**
 * Aparência (SPEC §2): the theme, as a radio group (the header's toggle does the same). SPEC §3
 * stores only 'light' or 'dark'; with nothing stored the system preference is followed.
 */
export function AppearanceTab() {
  const t = useTranslations('Settings');
  const tt = useTranslations('Theme');
  const { theme, resolvedTheme } = useTheme();
  const setTheme = useSetTheme();
  const current = resolvedTheme === 'dark' ? 'dark' : 'light';

  return (
    <SettingsCard
      title={t('themeTitle')}
      description={theme === 'system' ? t('themeSystem') : t('themeStored')}
    >
      <div role="radiogroup" aria-label={t('themeTitle')} className="grid grid-cols-2 gap-3 sm:max-w-md">
        {THEMES.map(({ value, icon: Icon }) => {
          const checked = current === value;
          return (
            <label
              key={value}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-md border px-4 transition-colors duration-150',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-text',
                checked
                  ? 'border-accent bg-accent-soft text-accent-text'
                  : 'border-border hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={checked}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Glyph icon={Icon} aria-hidden className="size-5" />
              <span className="font-medium">{tt(value)}</span>
            </label>
          );
        })}
      </div>
    </SettingsCard>
  );
}

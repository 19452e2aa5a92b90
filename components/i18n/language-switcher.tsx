'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { locales, type Locale } from '@/lib/i18n/config';
import { useUntilHydrated } from '@/lib/stores/use-hydrated';
import { persistLocale } from '@/lib/i18n/locale-client';
import { cn } from '@/lib/utils/cn';

/**
 * One button per language code (SPEC §2 Header). The choice is stored in the cookie the server
 * renders with and its localStorage mirror (kept in step by LocaleMirror).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations('Header');
  const tl = useTranslations('Languages');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The choice needs the app (cookie, refresh): not taken before the page has hydrated.
  const ready = useUntilHydrated();

  const choose = (locale: Locale) => {
    if (locale === current) return;
    persistLocale(locale);
    // The service worker keeps the lists for offline use in the language just chosen, too.
    if (navigator.serviceWorker?.controller)
      void import('@/lib/pwa/client').then((pwa) => pwa.prepareOffline());
    startTransition(() => router.refresh());
  };

  return (
    <div role="group" aria-label={t('language')} className={cn('flex items-center gap-1', className)}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          // The name starts with the code the button shows, then says what it does.
          aria-label={t('languageButton', { code: locale.toUpperCase(), name: tl(locale) })}
          aria-pressed={locale === current}
          disabled={pending || ready.disabled}
          aria-busy={pending || ready['aria-busy']}
          onClick={() => choose(locale)}
          className={cn(
            'min-h-11 min-w-11 rounded-md px-2 text-sm font-semibold uppercase transition-colors duration-150 disabled:cursor-not-allowed',
            locale === current
              ? 'bg-accent-soft text-accent-text'
              : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {locale}
        </button>
      ))}
    </div>
  );
}

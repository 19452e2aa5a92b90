'use client';

import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { Toaster as Sonner } from 'sonner';

/**
 * Toasts (SPEC §2, §4, §9): top right, 5 s by default; a duration of 0 or less means no
 * auto-close (see lib/toast.ts, which maps that to Infinity for sonner).
 */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  const t = useTranslations('Toasts');
  return (
    <Sonner
      position="top-right"
      duration={5000}
      closeButton
      richColors
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      toastOptions={{ closeButton: true }}
      containerAriaLabel={t('close')}
    />
  );
}

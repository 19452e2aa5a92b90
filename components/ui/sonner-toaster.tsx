'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast, Toaster as Sonner } from 'sonner';
import { useTheme } from '@/components/theme/theme-store';
import { connectToaster } from '@/lib/toast';

/**
 * Toasts (SPEC §2, §4, §9): top right, 5 s by default; a duration of 0 or less means no
 * auto-close (see lib/toast.ts, which maps that to Infinity for sonner). Loaded after hydration by
 * <Toaster> (components/ui/toaster.tsx), so sonner is not part of any page's first load.
 */
export default function SonnerToaster() {
  const { resolvedTheme } = useTheme();
  const t = useTranslations('Toasts');
  // Sonner subscribes in its own effect, which runs before this one: from here on toasts show.
  useEffect(
    () =>
      connectToaster(
        ({ message, type, duration, action }) => void toast[type](message, { duration, action }),
      ),
    [],
  );
  return (
    <Sonner
      position="top-right"
      // Both languages are left to right; without this sonner asks getComputedStyle on mount, a
      // forced style recalculation that cost ~150 ms on a throttled phone.
      dir="ltr"
      duration={5000}
      closeButton
      richColors
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      toastOptions={{ closeButton: true }}
      containerAriaLabel={t('close')}
    />
  );
}

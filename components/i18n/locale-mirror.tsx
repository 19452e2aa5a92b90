'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { persistLocale, readCookieLocale, readStoredLocale } from '@/lib/i18n/locale-client';

/**
 * The interface language lives in a cookie (what the server renders with) mirrored in
 * localStorage. If only the mirror survived (cookies cleared, backup restored), the mirror wins
 * once and the page re-renders. A cookie already set is never overwritten here: a page that
 * loads late (a slow link, a background tab) must not undo a language chosen meanwhile in
 * another tab. Runs after hydration (components/layout/background.tsx).
 */
export function LocaleMirror() {
  const current = useLocale();
  const router = useRouter();
  useEffect(() => {
    const cookie = readCookieLocale();
    const stored = readStoredLocale();
    if (!cookie && stored && stored !== current) {
      persistLocale(stored);
      router.refresh();
    } else if (!cookie) {
      persistLocale(current);
    } else if (stored !== cookie) {
      persistLocale(cookie);
    }
  }, [current, router]);
  return null;
}

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';

/**
 * The notices' translator and language as they are now, for checks that run on their own clock:
 * a check set up once reads the current ones, so a language switch needs no new schedule.
 */
export function useNotificationText() {
  const t = useTranslations('Notifications');
  const locale = useLocale();
  const current = useRef({ t, locale });
  useEffect(() => {
    current.current = { t, locale };
  }, [t, locale]);
  return current;
}

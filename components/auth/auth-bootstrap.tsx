'use client';

import { useEffect } from 'react';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';

/**
 * Decides after hydration whether the sign-in SDK is needed: only when Firebase left a session in
 * localStorage. A visitor who never signed in is settled as anonymous without loading it.
 */
export function AuthBootstrap() {
  useEffect(() => {
    // In a task of its own: the header's badge and menu re-render with the answer at once (a
    // store update), and inside hydration's effects that lengthened its task.
    const timer = setTimeout(() => {
      const { start, settleAnonymous } = useAuthStore.getState();
      let storage: Storage | undefined;
      try {
        storage = window.localStorage;
      } catch {
        storage = undefined;
      }
      if (hasStoredSession(storage)) void start();
      else settleAnonymous();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

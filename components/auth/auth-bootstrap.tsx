'use client';

import { useEffect } from 'react';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';

/**
 * Decides after hydration whether the sign-in SDK is needed: only when Firebase left a session in
 * localStorage. A visitor who never signed in is settled as anonymous without loading it.
 */
export function AuthBootstrap() {
  useEffect(() => {
    const { start, settleAnonymous } = useAuthStore.getState();
    let storage: Storage | undefined;
    try {
      storage = window.localStorage;
    } catch {
      storage = undefined;
    }
    if (hasStoredSession(storage)) void start();
    else settleAnonymous();
  }, []);
  return null;
}

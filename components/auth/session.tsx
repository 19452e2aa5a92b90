'use client';

import { useEffect } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';

/** The sync's code; a load that failed (the fan went offline just after the page opened) is tried again. */
const loadSync = () => import('@/components/library/library-sync-session').then((module) => module.default);

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

/**
 * The library sync of whoever is signed in (LibrarySyncSession), loaded only while somebody is:
 * a visitor's pages carry none of it. Another account signing in restarts it for that account.
 */
export function LibrarySync() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  if (!uid) return null;
  return <LazyPart load={loadSync} props={{ uid }} />;
}

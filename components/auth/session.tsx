'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';

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
 * Its code may fail to load (the fan went offline just after the page opened): it is loaded again
 * when the connection comes back, never given up, or changes made meanwhile would wait for the
 * next page load.
 */
export function LibrarySync() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const [Session, setSession] = useState<ComponentType<{ uid: string }> | null>(null);
  useEffect(() => {
    if (!uid || Session) return;
    let live = true;
    const attempt = () => {
      loadSync().then(
        (loaded) => live && setSession(() => loaded),
        (error: unknown) => {
          console.warn('[sync] the sync code could not be loaded; trying again when online', error);
          if (live) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [uid, Session]);
  if (!uid || !Session) return null;
  return <Session uid={uid} />;
}

'use client';

import { useEffect } from 'react';
import { LocaleMirror } from '@/components/i18n/locale-mirror';
import Watchers from '@/components/notifications/watchers';
import PwaClient from '@/components/pwa/pwa-client';
import { Toaster } from '@/components/ui/toaster';
import { GlobalErrorLogger } from './global-error-logger';

const workerWanted = process.env.NODE_ENV === 'production';

/**
 * What every page runs once it is interactive, loaded as one module after hydration
 * (LazyBackground): the installable app's part (components/pwa/pwa-client.tsx: the service
 * worker's registration and update offer, and the notice on a page the worker answered from its
 * cache), the checks that raise notifications, the toast container (toasts asked for before it
 * is here wait in lib/toast's queue), the language cookie's mirror and the global error logger. Production builds only register the worker: `next dev`
 * runs without it.
 */
export default function Background() {
  useEffect(() => {
    if (workerWanted || !('serviceWorker' in navigator)) return;
    // A worker left by a production server on the same address would answer `next dev`'s pages.
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())));
  }, []);
  const worker = workerWanted && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  return (
    <>
      {worker && <PwaClient />}
      <Watchers />
      <Toaster />
      <LocaleMirror />
      <GlobalErrorLogger />
    </>
  );
}

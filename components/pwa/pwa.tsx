'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * The installable app's part of every page (components/pwa/pwa-client.tsx): the service worker's
 * registration and update offer, and the notice on a page the worker answered from its cache.
 * Loaded after hydration, so no page's first load carries it, and in production builds only:
 * `next dev` runs without the worker (and removes one a production server left).
 */
export function Pwa() {
  const [Client, setClient] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    if (process.env.NODE_ENV !== 'production') {
      // A worker left by a production server on the same address would answer `next dev`'s pages.
      void navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())));
      return;
    }
    let live = true;
    import('./pwa-client').then(
      (module) => live && setClient(() => module.default),
      (error: unknown) => console.warn('[pwa] could not load the service worker client', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return Client ? <Client /> : null;
}

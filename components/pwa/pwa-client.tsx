'use client';

import { WifiOff } from 'lucide';
import { Serwist } from '@serwist/window';
import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { OFFLINE_COPY_TIMING } from '@/lib/pwa/cache-policy';
import { prepareOffline, stopOfflineKit, WORKER_URL } from '@/lib/pwa/client';
import { whenOfflineKitMayLoad } from '@/lib/pwa/offline-kit';
import { isVisitorTyping, trackTypedFields } from '@/lib/pwa/typing';
import { showToast } from '@/lib/toast';

/**
 * Registers the service worker, asks it for the offline kit when the page may spend data on it
 * (lib/pwa/offline-kit.ts), and offers each new version: a toast 'Nova versão disponível' with
 * 'Atualizar', which lets the waiting worker take over and then reloads the page. The page never reloads on its own while the
 * visitor is writing (lib/pwa/typing.ts): the reload waits until they are done. A version taken
 * over from another tab offers the same button, for a reload only.
 */
function useServiceWorker() {
  const t = useTranslations('Offline');
  useEffect(() => {
    let live = true;
    const typed = trackTypedFields(document);
    let stopWaiting = () => {};
    let stopListening = () => {};

    const reloadWhenIdle = () => {
      if (!isVisitorTyping(document, typed.fields)) {
        window.location.reload();
        return;
      }
      showToast(t('updateWaitsForTyping'), 'info');
      const check = () => {
        // After a blur the focus lands on the next element in a later task.
        setTimeout(() => {
          if (live && !isVisitorTyping(document, typed.fields)) {
            stopWaiting();
            window.location.reload();
          }
        }, 0);
      };
      document.addEventListener('focusout', check, true);
      document.addEventListener('input', check, true);
      stopWaiting = () => {
        document.removeEventListener('focusout', check, true);
        document.removeEventListener('input', check, true);
      };
    };

    const worker = new Serwist(WORKER_URL, { scope: '/' });
    let asked = false;
    worker.addEventListener('waiting', () => {
      showToast(t('updateReady'), 'info', 0, {
        label: t('update'),
        onClick: () => {
          asked = true;
          stopOfflineKit();
          worker.messageSkipWaiting();
        },
      });
    });
    // The worker that controlled this page until now; none on the very first visit, when
    // the first worker takes control (clientsClaim) and there is nothing to reload for.
    let controller = navigator.serviceWorker.controller;
    const onControllerChange = () => {
      const previous = controller;
      controller = navigator.serviceWorker.controller;
      if (!previous) return;
      if (asked) reloadWhenIdle();
      else showToast(t('updateReady'), 'info', 0, { label: t('update'), onClick: reloadWhenIdle });
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
    stopListening = () => navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
    worker.register().catch((error: unknown) => {
      console.warn('[pwa] the service worker could not be registered', error);
    });
    // The offline kit, once the page is idle and the link allows it (never on Save-Data).
    const stopKit = whenOfflineKitMayLoad(() => {
      void navigator.serviceWorker.ready.then(() => (live ? prepareOffline() : undefined));
    });
    return () => {
      live = false;
      stopKit();
      typed.stop();
      stopWaiting();
      stopListening();
    };
  }, [t]);
}

/**
 * A page the service worker answered from its cache (no network, or none within a few seconds)
 * says so: the worker adds a Server-Timing metric to such an answer, which the page reads from
 * its own navigation entry.
 */
function servedFromSavedCopy(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((metric) => metric.name === OFFLINE_COPY_TIMING) ?? false;
}

/** How the page came is known once and never changes. */
const unchanging = () => () => {};

export default function PwaClient() {
  useServiceWorker();
  const t = useTranslations('Offline');
  // Read in the browser only: the server's HTML never carries the notice.
  const saved = useSyncExternalStore(unchanging, servedFromSavedCopy, () => false);
  if (!saved) return null;
  return (
    <p
      role="status"
      data-testid="offline-copy-notice"
      className="flex items-center justify-center gap-2 border-b border-border bg-surface-2 px-4 py-2 text-left text-sm text-fg"
    >
      <Glyph icon={WifiOff} aria-hidden className="size-4 shrink-0" />
      {t('savedCopy')}
    </p>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { WORKER_URL } from '@/lib/pwa/client';
import { isVisitorTyping, trackTypedFields } from '@/lib/pwa/typing';
import { showToast } from '@/lib/toast';

/**
 * Registers the service worker (production builds only: `next dev` runs without it) and offers
 * each new version: a toast 'Nova versão disponível' with 'Atualizar', which lets the waiting
 * worker take over and then reloads the page. The page never reloads on its own while the
 * visitor is writing (lib/pwa/typing.ts): the reload waits until they are done. A version taken
 * over from another tab offers the same button, for a reload only.
 */
export function ServiceWorker() {
  const t = useTranslations('Offline');
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
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

    import('@serwist/window').then(
      ({ Serwist }) => {
        if (!live) return;
        const worker = new Serwist(WORKER_URL, { scope: '/' });
        let asked = false;
        worker.addEventListener('waiting', () => {
          showToast(t('updateReady'), 'info', 0, {
            label: t('update'),
            onClick: () => {
              asked = true;
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
        stopListening = () =>
          navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
        worker.register().catch((error: unknown) => {
          console.warn('[pwa] the service worker could not be registered', error);
        });
      },
      (error: unknown) => console.warn('[pwa] could not load the service worker client', error),
    );
    return () => {
      live = false;
      typed.stop();
      stopWaiting();
      stopListening();
    };
  }, [t]);
  return null;
}

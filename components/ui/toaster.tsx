'use client';

import dynamic from 'next/dynamic';

/**
 * The toast container, fetched after the page has hydrated (issue 15: sonner is ~9.5 kB gzipped,
 * and no page needs it for its first paint). showToast() waits for it, so no toast is lost.
 * Sonner positions its toasts fixed, so nothing needs to be reserved in the layout.
 */
export const Toaster = dynamic(() => import('./sonner-toaster'), { ssr: false });

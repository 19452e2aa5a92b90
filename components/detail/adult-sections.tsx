'use client';

import dynamic from 'next/dynamic';

/**
 * The detail page's adult-only blocks, in a chunk of their own: only adult records render them, so
 * other detail pages do not load their code. Rendered on the server; the HTML of an adult record
 * lists their chunk, every other page never loads it.
 */
export const AdultBanner = dynamic(() => import('./adult-banner').then((module) => module.AdultBanner));
export const AdultDetailFill = dynamic(() =>
  import('@/components/auth/adult-detail-fill').then((module) => module.AdultDetailFill),
);

'use client';

import dynamic from 'next/dynamic';

/**
 * The detail page's adult-only blocks, split from the page's own chunk (issue 15): every detail
 * page's first load carried their code, though only adult records render them. Rendered on the
 * server as before; the HTML of an adult record lists their chunk, every other page never loads it.
 */
export const AdultBanner = dynamic(() => import('./adult-banner').then((module) => module.AdultBanner));
export const AdultDetailFill = dynamic(() =>
  import('@/components/auth/adult-detail-fill').then((module) => module.AdultDetailFill),
);

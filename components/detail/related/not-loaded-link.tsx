'use client';

import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/stores/use-hydrated';

/** The MyAnimeList page of one part of anime `id` (its characters, its fans' recommendations…). */
export function myAnimeListUrl(id: number, part: 'characters' | 'userrecs' | null = null): string {
  // MyAnimeList redirects any name in the path to the anime's own.
  return `https://myanimelist.net/anime/${id}${part ? `/_/${part}` : ''}`;
}

/**
 * What a section shows while its data is asked after the page: a plain link to where the same
 * data can be read in the server HTML (no JavaScript may ever run to replace a spinner there),
 * then, once the page's scripts run and ask for it, `children` (the loading line, skeletons).
 */
export function NotLoadedYet({ href, link, children }: { href: string; link: string; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm" data-testid="not-loaded-link">
        <a href={href} className="font-medium text-accent-text underline underline-offset-2">
          {link}
        </a>
      </p>
    );
  }
  return children;
}

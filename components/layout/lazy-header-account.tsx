'use client';

import type { ReactNode } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';

const load = () => import('./header-account').then((module) => module.default);

/**
 * The access badge and the sign-in area load after hydration: until the session is settled they
 * show only their 'checking' look, which the server draws (`fallback`), so their code (the
 * sign-in hooks, the avatar) stays out of every page's first scripts.
 */
export function LazyHeaderAccount({ fallback }: { fallback: ReactNode }) {
  return <LazyPart load={load} props={{}} fallback={fallback} />;
}

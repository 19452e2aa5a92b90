import type { UseAuth } from '@/lib/firebase/use-auth';

/** SPEC §4 Adult gate: the three states every access display shows, plus "still checking". */
export type AccessState = 'checking' | 'visitor' | 'minor' | 'adult';

export function accessState(auth: Pick<UseAuth, 'loading' | 'user' | 'canAccessAdultContent'>): AccessState {
  if (auth.loading) return 'checking';
  if (!auth.user) return 'visitor';
  return auth.canAccessAdultContent ? 'adult' : 'minor';
}

'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useAuthStore } from '@/lib/stores/auth-store';
import { showToast } from '@/lib/toast';
import { ageStatus, type AgeBasis } from './age';
import type { AuthUser } from './client';
import { authErrorKey } from './errors';

export interface UseAuth {
  user: AuthUser | null;
  loading: boolean;
  isUserAdult: boolean;
  userAge: number | null;
  canAccessAdultContent: boolean;
  /** Which SPEC §5 rule decided (null without a user). */
  ageBasis: AgeBasis | null;
  /** Google sign-in with the SPEC §8 toasts; resolves true on success. */
  signIn: () => Promise<boolean>;
  signOut: () => Promise<boolean>;
  getIdToken: () => Promise<string | null>;
}

/** The auth context of SPEC §3: user, loading and the derived age facts, plus the actions. */
export function useAuth(): UseAuth {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const storeSignIn = useAuthStore((state) => state.signIn);
  const storeSignOut = useAuthStore((state) => state.signOut);
  const getIdToken = useAuthStore((state) => state.getIdToken);
  const tToast = useTranslations('Toasts');
  const tError = useTranslations('AuthErrors');

  const status = useMemo(() => (user ? ageStatus(user.facts) : null), [user]);

  const run = useCallback(
    async (action: () => Promise<void>, success: string, failure: (detail: string) => string) => {
      try {
        await action();
        showToast(success, 'success');
        return true;
      } catch (error) {
        showToast(failure(tError(authErrorKey(error))), 'error');
        return false;
      }
    },
    [tError],
  );

  const signIn = useCallback(
    () => run(storeSignIn, tToast('loginSuccess'), (detail) => tToast('loginError', { detail })),
    [run, storeSignIn, tToast],
  );
  const signOut = useCallback(
    () => run(storeSignOut, tToast('logoutSuccess'), (detail) => tToast('logoutError', { detail })),
    [run, storeSignOut, tToast],
  );

  return {
    user,
    loading,
    isUserAdult: status?.isUserAdult ?? false,
    userAge: status?.userAge ?? null,
    canAccessAdultContent: user !== null && (status?.isUserAdult ?? false),
    ageBasis: status?.basis ?? null,
    signIn,
    signOut,
    getIdToken,
  };
}

// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pt from '@/messages/pt.json';

/** The popup path of Google sign-in with the Firebase SDK mocked (SPEC §8 identity errors). */

const sdk = vi.hoisted(() => ({
  env: {
    firebaseApiKey: 'AIzaSyA-0123456789abcdefghijklmnopqrstu',
    firebaseAuthDomain: 'demo.firebaseapp.com',
    firebaseProjectId: 'demo',
    firebaseAppId: '1:1:web:1',
    firebaseAuthEmulatorHost: '',
  },
  signInWithPopup: vi.fn(),
  signInWithCredential: vi.fn(),
  signOut: vi.fn(),
  connectAuthEmulator: vi.fn(),
  listener: null as ((user: unknown) => void) | null,
  /** The SDK never reports (identity service unreachable). */
  silent: false,
  scopes: [] as string[],
}));

vi.mock('@/lib/env', () => ({ publicEnv: sdk.env }));
vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({ name: 'app' })) }));
vi.mock('firebase/auth', () => {
  class GoogleAuthProvider {
    addScope(scope: string) {
      sdk.scopes.push(scope);
      return this;
    }
    static credential(idToken: string) {
      return { providerId: 'google.com', idToken };
    }
  }
  return {
    GoogleAuthProvider,
    browserLocalPersistence: {},
    browserPopupRedirectResolver: { resolver: true },
    initializeAuth: vi.fn(() => ({ currentUser: null })),
    connectAuthEmulator: sdk.connectAuthEmulator,
    onIdTokenChanged: vi.fn((_auth: unknown, callback: (user: unknown) => void) => {
      sdk.listener = callback;
      if (!sdk.silent) callback(null);
      return () => {};
    }),
    signInWithPopup: sdk.signInWithPopup,
    signInWithCredential: sdk.signInWithCredential,
    signOut: sdk.signOut,
  };
});
const showToast = vi.fn();
vi.mock('@/lib/toast', () => ({ showToast: (...args: unknown[]) => showToast(...args) }));

let { AUTH_LOADING_TIMEOUT_MS, useAuthStore } = await import('@/lib/stores/auth-store');
let { useAuth } = await import('./use-auth');

function wrapper({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="pt" messages={pt}>
      {children}
    </NextIntlClientProvider>
  );
}

beforeEach(async () => {
  // A fresh tab: new copies of the store and the client, nothing started.
  vi.resetModules();
  ({ AUTH_LOADING_TIMEOUT_MS, useAuthStore } = await import('@/lib/stores/auth-store'));
  ({ useAuth } = await import('./use-auth'));
  sdk.env.firebaseProjectId = 'demo';
  sdk.env.firebaseAuthEmulatorHost = '';
  sdk.scopes = [];
  sdk.silent = false;
  sdk.listener = null;
  showToast.mockReset();
  sdk.signInWithPopup.mockReset();
  sdk.signInWithCredential.mockReset();
  sdk.signOut.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

describe('Google sign-in by popup', () => {
  it('opens the Google popup with the email and profile scopes and toasts success', async () => {
    sdk.signInWithPopup.mockResolvedValue({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    let ok = false;
    await act(async () => {
      ok = await result.current.signIn();
    });
    expect(ok).toBe(true);
    expect(sdk.signInWithPopup).toHaveBeenCalledWith(expect.anything(), expect.anything(), {
      resolver: true,
    });
    expect(sdk.scopes).toEqual(['email', 'profile']);
    expect(sdk.signInWithCredential).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith('Login realizado com sucesso!', 'success');
  });

  it.each([
    ['auth/invalid-api-key', 'Authentication service unavailable. Please contact support.'],
    ['auth/network-request-failed', 'Network error. Please check your internet connection.'],
    ['auth/popup-closed-by-user', 'Login cancelled. Please try again.'],
    ['auth/popup-blocked', 'Popup blocked. Please allow popups for this site.'],
    ['auth/unauthorized-domain', 'This domain is not authorized for authentication.'],
    ['auth/quota-exceeded', 'Service temporarily unavailable. Please try again later.'],
    ['auth/operation-not-allowed', 'An error occurred. Please try again.'],
  ])('%s → "Erro no login: %s"', async (code, message) => {
    sdk.signInWithPopup.mockRejectedValue(firebaseError(code));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      expect(await result.current.signIn()).toBe(false);
    });
    expect(showToast).toHaveBeenCalledWith(`Erro no login: ${message}`, 'error');
  });

  it('an error without a Firebase code is the unexpected one', async () => {
    sdk.signInWithPopup.mockRejectedValue(new TypeError('boom'));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await result.current.signIn();
    });
    expect(showToast).toHaveBeenCalledWith(
      'Erro no login: An unexpected error occurred. Please try again.',
      'error',
    );
  });

  it('uses the fake Google credential only in emulator builds', async () => {
    sdk.env.firebaseAuthEmulatorHost = '127.0.0.1:9099';
    sdk.signInWithCredential.mockResolvedValue({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await result.current.signIn();
    });
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), 'http://127.0.0.1:9099', {
      disableWarnings: true,
    });
    expect(sdk.signInWithPopup).not.toHaveBeenCalled();
    const credential = sdk.signInWithCredential.mock.calls[0]?.[1] as { idToken: string };
    expect(JSON.parse(credential.idToken)).toMatchObject({ sub: 'emulator-user' });
  });

  it("with an invalid config loading ends at once and sign-in/out raise 'Firebase not initialized'", async () => {
    sdk.env.firebaseProjectId = '';
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      expect(await result.current.signIn()).toBe(false);
    });
    expect(result.current.loading).toBe(false);
    expect(showToast).toHaveBeenCalledWith('Erro no login: Firebase not initialized', 'error');
    await act(async () => {
      expect(await result.current.signOut()).toBe(false);
    });
    expect(showToast).toHaveBeenLastCalledWith('Erro no logout: Firebase not initialized', 'error');
  });

  it('signs out with the success toast', async () => {
    sdk.signOut.mockResolvedValue(undefined);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      expect(await result.current.signOut()).toBe(true);
    });
    expect(showToast).toHaveBeenCalledWith('Logout realizado com sucesso!', 'success');
  });
});

describe('auth loading (SPEC §4, §9)', () => {
  it('ends at the first auth callback', async () => {
    await act(() => useAuthStore.getState().start());
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('ends after 3 s when the identity service never answers', async () => {
    vi.useFakeTimers();
    try {
      sdk.silent = true;
      await act(() => useAuthStore.getState().start());
      expect(useAuthStore.getState().loading).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(AUTH_LOADING_TIMEOUT_MS - 1));
      expect(useAuthStore.getState().loading).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(useAuthStore.getState().loading).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a visitor with no stored session settles without loading the SDK', () => {
    useAuthStore.getState().settleAnonymous();
    expect(useAuthStore.getState().loading).toBe(false);
    expect(sdk.listener).toBeNull();
  });
});

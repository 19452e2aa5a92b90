import { create } from 'zustand';
import type * as FirebaseClient from '@/lib/firebase/client';
import type { AuthUser } from '@/lib/firebase/client';
import { AuthNotInitializedError } from '@/lib/firebase/not-initialized';

/**
 * Sign-in state (SPEC §3 Signed-in user, §4 Auth loading). Holds no Firebase code: the SDK is
 * loaded with `import()` only when a previous session may exist (after first paint) or when the
 * visitor asks to sign in, so no page carries it in its first-load bundle.
 */

/** SPEC §9: auth loading ends after 3 s at most. */
export const AUTH_LOADING_TIMEOUT_MS = 3000;

type State = {
  user: AuthUser | null;
  /** True until the first auth callback, 3 s at most, or a failed start (SPEC §4). */
  loading: boolean;
  /** The SDK failed to start (invalid config or an exception): sign-in/out raise 'Firebase not initialized'. */
  failed: boolean;
};
type Actions = {
  /** Starts the SDK and the auth-state subscription once; later calls return the same promise. */
  start: () => Promise<void>;
  /** Ends loading without the SDK: nothing suggests a previous session. */
  settleAnonymous: () => void;
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
  /** The ID token of the signed-in user for our API, or null for a visitor. */
  getIdToken: () => Promise<string | null>;
};
export type AuthStore = State & Actions;

type ClientModule = typeof FirebaseClient;

const loadClient = (): Promise<ClientModule> => import('@/lib/firebase/client');

/** The web API key Firebase names its stored user after (the build's, as lib/env.ts reads it). */
const FIREBASE_API_KEY = (process.env.NEXT_PUBLIC_FIREBASE_API_KEY ?? '').trim();

/**
 * Firebase keeps a signed-in user in localStorage under `firebase:authUser:<apiKey>:[DEFAULT]`
 * (browserLocalPersistence on the default app, see client.ts). Without that entry the visitor is
 * anonymous and the SDK need not load at all. One read of that key: a scan of every key cost a
 * page ~25 ms at 50,000 stored ratings. Without an API key the SDK cannot start, so no session.
 */
export function hasStoredSession(
  storage: Pick<Storage, 'getItem'> | undefined,
  apiKey: string = FIREBASE_API_KEY,
): boolean {
  if (!storage || apiKey === '') return false;
  try {
    return storage.getItem(`firebase:authUser:${apiKey}:[DEFAULT]`) !== null;
  } catch {
    // Storage disabled: treat as no session.
    return false;
  }
}

export const useAuthStore = create<AuthStore>()((set, get) => {
  /** The SDK's loading and start, once per tab. */
  let started: Promise<ClientModule | null> | null = null;

  function begin(): Promise<ClientModule | null> {
    if (started) return started;
    set({ loading: true });
    const timer = setTimeout(() => set({ loading: false }), AUTH_LOADING_TIMEOUT_MS);
    started = loadClient()
      .then((client) => {
        const unsubscribe = client.subscribe((user) => {
          clearTimeout(timer);
          set({ user, loading: false });
        });
        if (!unsubscribe) {
          clearTimeout(timer);
          set({ user: null, loading: false, failed: true });
        }
        return client;
      })
      .catch((error: unknown) => {
        // The chunk itself failed to load (offline on first visit): same as a failed start.
        console.error('[critical] [firebase] could not load the sign-in code', error);
        clearTimeout(timer);
        set({ user: null, loading: false, failed: true });
        return null;
      });
    return started;
  }

  async function ready(): Promise<ClientModule> {
    const client = await begin();
    if (!client || get().failed) throw new AuthNotInitializedError();
    return client;
  }

  return {
    user: null,
    loading: true,
    failed: false,
    start: async () => {
      await begin();
    },
    settleAnonymous: () => {
      if (!started) set({ loading: false });
    },
    signIn: async () => {
      const client = await ready();
      await client.signInWithGoogle();
    },
    signOut: async () => {
      const client = await ready();
      await client.signOutUser();
    },
    getIdToken: async () => {
      if (!get().user || !started) return null;
      const client = await started;
      return client ? client.currentIdToken() : null;
    },
  };
});

/** SPEC §5 canAccessAdultContent from the store alone (for hooks that need no messages). */
export function selectCanAccessAdult(state: Pick<State, 'user' | 'loading'>): boolean {
  return !state.loading && state.user !== null && state.user.adult;
}

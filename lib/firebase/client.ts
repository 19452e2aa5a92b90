/**
 * The Firebase JS SDK side of sign-in. Only ever loaded through `import()` (see auth-store.ts), so
 * the SDK is in no page's first-load bundle (SPEC §9 performance, `npm run bench:bundle`).
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  initializeAuth,
  onIdTokenChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { publicEnv } from '@/lib/env';
import { claimEmptyDevice } from '@/lib/library/claim';
import { ageStatus, birthdayOf, type AgeFacts } from './age';
import { checkFirebaseConfig } from './config';
import { AuthNotInitializedError } from './errors';

/** What the app keeps of a Firebase user (SPEC §3 Signed-in user), as plain data. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  providerData: { providerId: string; birthday?: unknown }[];
  creationTime: string | null;
  /** The age facts the SPEC §5 rules read (birthday from provider data or the token claim). */
  facts: AgeFacts;
  /**
   * SPEC §5 isUserAdult from those facts, decided here (each time Firebase reports the user) so
   * the age rules load with the sign-in code, not in every page's first scripts.
   */
  adult: boolean;
}

/**
 * In emulator mode the e2e tests choose who signs in by storing the fake Google ID token's claims
 * under this key (emulator builds only; a real build never reads it).
 */
export const EMULATOR_IDENTITY_KEY = 'anime-master-emulator-identity';
const DEFAULT_EMULATOR_IDENTITY = {
  sub: 'emulator-user',
  email: 'fa@example.com',
  email_verified: true,
  name: 'Fã de Anime',
};

let auth: Auth | null = null;
let startError: unknown = null;

function start(): Auth | null {
  if (auth || startError) return auth;
  const check = checkFirebaseConfig(publicEnv);
  if (!check.valid) {
    startError = new AuthNotInitializedError();
    return null;
  }
  try {
    const app: FirebaseApp = initializeApp(check.config);
    // Local persistence (localStorage) lets the app see a previous session without loading the
    // SDK (hasStoredSession in auth-store.ts); the popup resolver is passed where it is used.
    auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (publicEnv.firebaseAuthEmulatorHost) {
      connectAuthEmulator(auth, `http://${publicEnv.firebaseAuthEmulatorHost}`, { disableWarnings: true });
    }
  } catch (error) {
    console.error('[critical] [firebase] could not start', error);
    startError = error;
    auth = null;
  }
  return auth;
}

async function toAuthUser(user: User): Promise<AuthUser> {
  let claims: Record<string, unknown> = {};
  let unreadable = false;
  try {
    claims = (await user.getIdTokenResult()).claims;
  } catch (error) {
    // Offline with an expired token: the user is still shown, but without adult access until
    // the claims can be read (a missing birthday must not be assumed).
    console.warn('[firebase] could not read token claims', error);
    unreadable = true;
  }
  const providerData = user.providerData.map((entry) => ({
    providerId: entry.providerId,
    birthday: (entry as { birthday?: unknown }).birthday,
  }));
  const creationTime = user.metadata.creationTime ?? null;
  const facts: AgeFacts = { birthday: birthdayOf(providerData, claims), creationTime, unreadable };
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    providerData,
    creationTime,
    facts,
    adult: ageStatus(facts).isUserAdult,
  };
}

/**
 * Subscribes to the signed-in user (SPEC §7 auth-state subscription). Returns null (and calls
 * nothing) when the service failed to start; the caller then ends loading at once (SPEC §4).
 */
export function subscribe(callback: (user: AuthUser | null) => void): (() => void) | null {
  if (typeof callback !== 'function') throw new TypeError('callback must be a function');
  const instance = start();
  if (!instance) return null;
  // onIdTokenChanged also fires when claims change (a refreshed token), not only on sign-in/out.
  return onIdTokenChanged(instance, (user) => {
    if (!user) {
      callback(null);
      return;
    }
    // The device becomes the account's before anyone sees the account signed in (claim.ts).
    claimEmptyDevice(user.uid);
    void toAuthUser(user).then(callback);
  });
}

function requireAuth(): Auth {
  const instance = start();
  if (!instance) throw new AuthNotInitializedError();
  return instance;
}

export async function signInWithGoogle(): Promise<void> {
  const instance = requireAuth();
  if (publicEnv.firebaseAuthEmulatorHost) {
    // The emulator's popup page needs Google's scripts, which an offline test machine cannot load;
    // the emulator accepts an unsigned JSON ID token instead (emulator builds only).
    let claims: unknown = DEFAULT_EMULATOR_IDENTITY;
    const stored = window.localStorage.getItem(EMULATOR_IDENTITY_KEY);
    if (stored) claims = JSON.parse(stored);
    await signInWithCredential(instance, GoogleAuthProvider.credential(JSON.stringify(claims)));
    return;
  }
  const provider = new GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  // The SDK opens its popup at 500 × 600 pixels (SPEC §9), its built-in size.
  await signInWithPopup(instance, provider, browserPopupRedirectResolver);
}

export async function signOutUser(): Promise<void> {
  await signOut(requireAuth());
}

/** The current user's ID token for our API (refreshed by the SDK when near expiry), or null. */
export async function currentIdToken(): Promise<string | null> {
  const instance = start();
  const user = instance?.currentUser;
  return user ? user.getIdToken() : null;
}

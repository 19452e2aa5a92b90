import 'server-only';
import type { Auth as AdminAuth, DecodedIdToken } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { publicEnv } from '@/lib/env';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { ageStatus } from './age';

const log = serverLog('auth');

/**
 * Server-side check of a Firebase ID token (firebase-admin `verifyIdToken`). The Admin SDK talks
 * to the Auth emulator on its own when FIREBASE_AUTH_EMULATOR_HOST is set (it then accepts the
 * emulator's unsigned tokens); otherwise it checks Google's signature, expiry, audience (our
 * project id) and issuer. Verifying needs only the project id, no service-account credentials.
 */

export interface VerifiedIdentity {
  uid: string;
  /** SPEC §5 on the verified token's claims: its `birthday` claim, else "otherwise true". */
  adult: boolean;
  /** Token expiry, ms since epoch. */
  expiresAt: number;
}

/** Verifications are remembered briefly: one page fires several API calls with the same token. */
const CACHE_TTL_MS = 60_000;

/** The verifications remembered and the Admin SDK's Auth, once per process. */
const state = () =>
  processState<{ cache: LRUCache<string, VerifiedIdentity>; adminAuth?: Promise<AdminAuth | null> }>(
    'firebase-admin',
    () => ({ cache: new LRUCache<string, VerifiedIdentity>({ max: 1000, ttl: CACHE_TTL_MS }) }),
  );

/** The Admin SDK loads on the first request that carries a token, not when a route module loads. */
function getAdminAuth(): Promise<AdminAuth | null> {
  return (state().adminAuth ??= (async () => {
    const projectId = publicEnv.firebaseProjectId.trim();
    if (!projectId) {
      log.warn('no Firebase project id: ID tokens cannot be verified, every caller is anonymous');
      return null;
    }
    const { getApps, initializeApp } = await import('firebase-admin/app');
    const { getAuth } = await import('firebase-admin/auth');
    const name = 'anime-master';
    const app = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
    return getAuth(app);
  })());
}

/**
 * The identity behind an ID token, or null when the token is not valid (malformed, forged,
 * expired, revoked project, another project's) or was not obtained with Google (SPEC §1: Google
 * is the only sign-in; any other provider a project might enable does not count as signed in).
 */
export async function verifyIdentity(
  token: string,
  now: number = Date.now(),
): Promise<VerifiedIdentity | null> {
  const { cache } = state();
  const cached = cache.get(token);
  if (cached && cached.expiresAt > now) return cached;

  const auth = await getAdminAuth();
  if (!auth) return null;
  let decoded: DecodedIdToken;
  try {
    decoded = await auth.verifyIdToken(token);
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : 'unknown';
    log.info({ code }, 'rejected an ID token');
    return null;
  }
  if (decoded.firebase.sign_in_provider !== 'google.com') return null;
  const identity: VerifiedIdentity = {
    uid: decoded.uid,
    adult: ageStatus({ birthday: decoded.birthday as unknown }, new Date(now)).isUserAdult,
    expiresAt: decoded.exp * 1000,
  };
  cache.set(token, identity, { ttl: Math.max(0, Math.min(CACHE_TTL_MS, identity.expiresAt - now)) });
  return identity;
}

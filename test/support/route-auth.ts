import type { VerifiedIdentity } from '@/lib/firebase/admin';

/**
 * Route tests' stand-in for lib/firebase/admin: a token `token-<uid>` is the verified Google
 * identity `uid` (an adult, valid for an hour); any other token is refused. Use it whole:
 * `vi.mock('@/lib/firebase/admin', () => import('@/test/support/route-auth'))`.
 */
export async function verifyIdentity(token: string): Promise<VerifiedIdentity | null> {
  return token.startsWith('token-')
    ? { uid: token.slice('token-'.length), adult: true, expiresAt: Date.now() + 3600_000 }
    : null;
}

/** The Authorization header of a request by `uid`. */
export function bearer(uid: string): { Authorization: string } {
  return { Authorization: `Bearer token-${uid}` };
}

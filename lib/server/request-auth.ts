import 'server-only';
import { verifyIdentity } from '@/lib/firebase/admin';
import { serverLog } from './log';

const log = serverLog('auth');

/** What the caller of a route may see. */
export interface RequestAccess {
  /** Verified adult (SPEC §5/§6): only then are R+/Rx ratings and adult genres shown. */
  adult: boolean;
  /** A valid Google ID token came with the request: the answer depends on who asked. */
  verified: boolean;
  /** The verified user's Firebase uid (only when verified): whose library a request may touch. */
  uid?: string;
}

export const ANONYMOUS: RequestAccess = { adult: false, verified: false };

/** Firebase ID tokens are JWTs of about 1 kB; anything far longer is not one. */
const MAX_TOKEN_LENGTH = 4096;

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return token;
}

/**
 * The one place a route learns who is asking. Adult access comes only from a Firebase ID token
 * that firebase-admin verifies (signature, expiry, project) and the SPEC §5 age rule applied to
 * its claims. Nothing else the caller sends counts: no query parameter (`?adult=true`), cookie or
 * custom header. A missing, malformed, expired or forged token is simply an anonymous visitor.
 */
export async function getRequestAccess(request: Request): Promise<RequestAccess> {
  const token = bearerToken(request.headers.get('authorization'));
  if (!token) return ANONYMOUS;
  try {
    const identity = await verifyIdentity(token);
    return identity ? { adult: identity.adult, verified: true, uid: identity.uid } : ANONYMOUS;
  } catch (error) {
    // The check itself broke (SDK failure): fail closed, never open.
    log.error({ err: error }, 'token check failed');
    return ANONYMOUS;
  }
}

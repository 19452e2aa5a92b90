import type { Messages } from 'next-intl';

/** Keys of the AuthErrors namespace (SPEC §8 Identity). */
export type AuthErrorKey = keyof Messages['AuthErrors'];

export { AuthNotInitializedError, NOT_INITIALIZED } from './not-initialized';

const BY_CODE: Record<string, AuthErrorKey> = {
  'auth/invalid-api-key': 'invalidApiKey',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'invalidApiKey',
  'auth/network-request-failed': 'networkRequestFailed',
  'auth/popup-closed-by-user': 'popupClosedByUser',
  'auth/cancelled-popup-request': 'popupClosedByUser',
  'auth/popup-blocked': 'popupBlocked',
  'auth/unauthorized-domain': 'unauthorizedDomain',
  'auth/quota-exceeded': 'quotaExceeded',
  'auth/not-initialized': 'notInitialized',
};

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/**
 * SPEC §8: the message for an identity error. A Firebase error with a code we do not list gets the
 * default message; anything without a Firebase code (a thrown string, a TypeError) is "unknown".
 * Invalid key logs critical; network failure and quota exceeded log a warning.
 */
export function authErrorKey(error: unknown): AuthErrorKey {
  const code = codeOf(error);
  if (!code) return 'unknown';
  const key = BY_CODE[code];
  if (key === 'invalidApiKey') console.error(`[critical] [firebase] ${code}`);
  else if (key === 'networkRequestFailed' || key === 'quotaExceeded') console.warn(`[firebase] ${code}`);
  if (key) return key;
  return code.startsWith('auth/') ? 'default' : 'unknown';
}

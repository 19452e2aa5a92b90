/** Raised by sign-in/out when the identity service could not start (SPEC §4). */
export const NOT_INITIALIZED = 'Firebase not initialized';

/**
 * The error for that case. A module of its own: the auth store (in every page's first scripts)
 * needs only this, not the table of identity error messages (errors.ts).
 */
export class AuthNotInitializedError extends Error {
  readonly code = 'auth/not-initialized';
  constructor() {
    super(NOT_INITIALIZED);
    this.name = 'AuthNotInitializedError';
  }
}

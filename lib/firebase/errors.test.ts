import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthNotInitializedError, authErrorKey } from './errors';

afterEach(() => vi.restoreAllMocks());

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

describe('authErrorKey (SPEC §8 Identity)', () => {
  it.each([
    ['auth/invalid-api-key', 'invalidApiKey'],
    ['auth/network-request-failed', 'networkRequestFailed'],
    ['auth/popup-closed-by-user', 'popupClosedByUser'],
    ['auth/popup-blocked', 'popupBlocked'],
    ['auth/unauthorized-domain', 'unauthorizedDomain'],
    ['auth/quota-exceeded', 'quotaExceeded'],
    ['auth/internal-error', 'default'],
  ])('%s → %s', (code, key) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(authErrorKey(firebaseError(code))).toBe(key);
  });

  it('anything without a Firebase code is unknown', () => {
    expect(authErrorKey(new TypeError('x'))).toBe('unknown');
    expect(authErrorKey('oops')).toBe('unknown');
    expect(authErrorKey(firebaseError('ECONNRESET'))).toBe('unknown');
  });

  it("a failed start is 'Firebase not initialized'", () => {
    const error = new AuthNotInitializedError();
    expect(error.message).toBe('Firebase not initialized');
    expect(authErrorKey(error)).toBe('notInitialized');
  });

  it('logs an invalid key as critical, network and quota failures as warnings', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    authErrorKey(firebaseError('auth/invalid-api-key'));
    expect(error.mock.calls[0]?.[0]).toMatch(/critical/);
    authErrorKey(firebaseError('auth/network-request-failed'));
    authErrorKey(firebaseError('auth/quota-exceeded'));
    expect(warn).toHaveBeenCalledTimes(2);
    authErrorKey(firebaseError('auth/popup-blocked'));
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

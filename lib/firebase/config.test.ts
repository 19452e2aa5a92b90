import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFirebaseConfig } from './config';

const full = {
  firebaseApiKey: 'AIzaSyA-0123456789abcdefghijklmnopqrstu',
  firebaseAuthDomain: 'demo.firebaseapp.com',
  firebaseProjectId: 'demo',
  firebaseAppId: '1:1:web:1',
};

afterEach(() => vi.restoreAllMocks());

describe('checkFirebaseConfig (SPEC §5 Identity config)', () => {
  it('accepts a complete config without warnings', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const check = checkFirebaseConfig(full);
    expect(check).toEqual({
      valid: true,
      config: {
        apiKey: full.firebaseApiKey,
        authDomain: 'demo.firebaseapp.com',
        projectId: 'demo',
        appId: '1:1:web:1',
      },
      warnings: [],
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a config with an empty or blank field and logs it as critical', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(checkFirebaseConfig({ ...full, firebaseProjectId: '', firebaseAppId: '  ' })).toEqual({
      valid: false,
      missing: ['projectId', 'appId'],
    });
    expect(error.mock.calls[0]?.[0]).toMatch(/\[critical\].*projectId, appId/);
  });

  it('only warns about an API key shorter than 30 characters', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const check = checkFirebaseConfig({ ...full, firebaseApiKey: 'short-key' });
    expect(check.valid).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });
});

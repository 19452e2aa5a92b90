import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './auth-store';

function storage(keys: string[]) {
  return { getItem: (key: string) => (keys.includes(key) ? '{}' : null) };
}

describe('hasStoredSession', () => {
  it("sees Firebase's persisted user of this build's key and nothing else", () => {
    expect(hasStoredSession(storage(['theme', 'firebase:authUser:key:[DEFAULT]']), 'key')).toBe(true);
    expect(hasStoredSession(storage(['theme', 'firebase:authUser:other:[DEFAULT]']), 'key')).toBe(false);
    expect(hasStoredSession(storage(['theme', 'recentSearches']), 'key')).toBe(false);
    expect(hasStoredSession(undefined, 'key')).toBe(false);
  });
  it('is no session without an API key, whatever is stored', () => {
    expect(hasStoredSession(storage(['firebase:authUser::[DEFAULT]']), '')).toBe(false);
  });
  it('treats unreadable storage as no session', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(broken, 'key')).toBe(false);
  });
});

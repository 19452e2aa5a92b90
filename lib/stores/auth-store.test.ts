import { describe, expect, it } from 'vitest';
import { hasStoredSession } from './auth-store';

function storage(keys: string[]) {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('hasStoredSession', () => {
  it("sees Firebase's persisted user and nothing else", () => {
    expect(hasStoredSession(storage(['theme', 'firebase:authUser:key:[DEFAULT]']))).toBe(true);
    expect(hasStoredSession(storage(['theme', 'recentSearches']))).toBe(false);
    expect(hasStoredSession(undefined)).toBe(false);
  });
  it('treats unreadable storage as no session', () => {
    const broken = {
      length: 1,
      key: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(broken)).toBe(false);
  });
});

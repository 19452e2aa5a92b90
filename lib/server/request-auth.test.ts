import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshProcess } from '@/test/support/process';

const verifyIdToken = vi.fn();
vi.mock('firebase-admin/app', () => ({
  getApps: () => [],
  initializeApp: vi.fn((options: unknown, name: string) => ({ name, options })),
}));
vi.mock('firebase-admin/auth', () => ({ getAuth: () => ({ verifyIdToken }) }));
vi.mock('@/lib/env', async (original) => ({
  ...(await original<object>()),
  publicEnv: { firebaseProjectId: 'demo-animemaster' },
}));

const { bearerToken, getRequestAccess } = await import('./request-auth');

const NOW_S = Math.floor(Date.now() / 1000);

function claims(overrides: Record<string, unknown> = {}) {
  return { uid: 'u1', exp: NOW_S + 3600, firebase: { sign_in_provider: 'google.com' }, ...overrides };
}

function request(headers: Record<string, string> = {}, url = 'http://app.test/api/anime/season') {
  return new Request(url, { headers });
}

beforeEach(() => {
  freshProcess('firebase-admin');
  verifyIdToken.mockReset();
});

describe('bearerToken', () => {
  it('reads only a well-formed Bearer header of reasonable size', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(`Bearer ${'x'.repeat(5000)}`)).toBeNull();
  });
});

describe('getRequestAccess', () => {
  it('is anonymous without a token, whatever else the caller claims', async () => {
    const forged = request(
      { 'X-Adult': 'true', 'X-User-Adult': '1', Cookie: 'adult=true' },
      'http://app.test/api/anime/season?adult=true',
    );
    expect(await getRequestAccess(forged)).toEqual({ adult: false, verified: false });
    expect(verifyIdToken).not.toHaveBeenCalled();
  });

  it('is anonymous when firebase-admin rejects the token (expired, forged, malformed)', async () => {
    verifyIdToken.mockRejectedValue(Object.assign(new Error('expired'), { code: 'auth/id-token-expired' }));
    expect(await getRequestAccess(request({ Authorization: 'Bearer expired.token.x' }))).toEqual({
      adult: false,
      verified: false,
    });
  });

  it('a verified adult (birthday claim 18+) gets adult access', async () => {
    verifyIdToken.mockResolvedValue(claims({ birthday: '1990-04-02' }));
    expect(await getRequestAccess(request({ Authorization: 'Bearer good' }))).toEqual({
      adult: true,
      verified: true,
      uid: 'u1',
    });
  });

  it('a verified minor is verified but not adult', async () => {
    verifyIdToken.mockResolvedValue(claims({ birthday: '2012-04-02' }));
    expect(await getRequestAccess(request({ Authorization: 'Bearer minor' }))).toEqual({
      adult: false,
      verified: true,
      uid: 'u1',
    });
  });

  it('a verified user without birthday is adult (SPEC §5 "otherwise true"); an unreadable birthday is not', async () => {
    verifyIdToken.mockResolvedValueOnce(claims());
    expect((await getRequestAccess(request({ Authorization: 'Bearer a' }))).adult).toBe(true);
    verifyIdToken.mockResolvedValueOnce(claims({ birthday: 'someday' }));
    expect((await getRequestAccess(request({ Authorization: 'Bearer b' }))).adult).toBe(false);
  });

  it('a token not obtained with Google does not count as signed in', async () => {
    verifyIdToken.mockResolvedValue(claims({ firebase: { sign_in_provider: 'anonymous' } }));
    expect(await getRequestAccess(request({ Authorization: 'Bearer anon' }))).toEqual({
      adult: false,
      verified: false,
    });
  });

  it('remembers a verification briefly: one check for several calls with the same token', async () => {
    verifyIdToken.mockResolvedValue(claims({ birthday: '1990-04-02' }));
    await getRequestAccess(request({ Authorization: 'Bearer same' }));
    await getRequestAccess(request({ Authorization: 'Bearer same' }));
    expect(verifyIdToken).toHaveBeenCalledTimes(1);
  });

  it('fails closed when the check itself throws', async () => {
    verifyIdToken.mockImplementation(() => {
      throw new TypeError('boom');
    });
    expect(await getRequestAccess(request({ Authorization: 'Bearer x' }))).toEqual({
      adult: false,
      verified: false,
    });
  });
});

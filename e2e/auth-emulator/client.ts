import { AUTH_PROJECT_ID, authEmulatorHost } from './env.mjs';

/** Drives the Auth emulator's REST API (admin calls use the emulator's `Bearer owner`). */
const base = `http://${authEmulatorHost()}`;
const admin = { 'Content-Type': 'application/json', Authorization: 'Bearer owner' };

export interface EmulatorGoogleUser {
  /** The Google account id ("sub" of the Google ID token); unique per test. */
  sub: string;
  name: string;
  email: string;
  /** YYYY-MM-DD, set as the `birthday` custom claim; omitted = no birthday known. */
  birthday?: string;
  /** The Google profile photo's address (the user menu shows it); omitted = no photo. */
  picture?: string;
}

/**
 * Creates a Google-linked account with an optional birthday claim, as a trusted backend would
 * after reading the Google profile. Signing in later with a fake Google token of the same `sub`
 * lands in this account, so its ID token carries the claim.
 */
export async function createGoogleUser(user: EmulatorGoogleUser): Promise<void> {
  const response = await fetch(
    `${base}/identitytoolkit.googleapis.com/v1/projects/${AUTH_PROJECT_ID}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        users: [
          {
            localId: `uid-${user.sub}`,
            email: user.email,
            emailVerified: true,
            displayName: user.name,
            photoUrl: user.picture,
            providerUserInfo: [
              { providerId: 'google.com', rawId: user.sub, email: user.email, displayName: user.name },
            ],
            customAttributes: user.birthday ? JSON.stringify({ birthday: user.birthday }) : undefined,
          },
        ],
      }),
    },
  );
  const body = (await response.json()) as { error?: unknown[] };
  if (!response.ok || (body.error && body.error.length > 0)) {
    throw new Error(`emulator refused the user: ${response.status} ${JSON.stringify(body)}`);
  }
}

/** The claims of the fake Google ID token the app signs in with in emulator builds. */
export function fakeGoogleClaims(user: EmulatorGoogleUser) {
  return {
    sub: user.sub,
    email: user.email,
    email_verified: true,
    name: user.name,
    ...(user.picture ? { picture: user.picture } : {}),
  };
}

/** An ID token straight from the emulator (sign-in by REST), for API calls outside a browser. */
export async function idTokenFor(user: EmulatorGoogleUser): Promise<string> {
  const response = await fetch(
    `${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=emulator-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(fakeGoogleClaims(user)))}&providerId=google.com`,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`no token from the emulator: ${JSON.stringify(body)}`);
  return body.idToken;
}

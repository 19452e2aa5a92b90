// Settings that point the app at the Firebase Auth emulator under test. One source for both the
// build (NEXT_PUBLIC_* are baked into the client at build time: scripts/test.mjs) and the server
// started by playwright.config.ts (FIREBASE_AUTH_EMULATOR_HOST is read at run time).

/** A demo-* project id: the emulator then refuses to reach any real Google service. */
export const AUTH_PROJECT_ID = 'demo-animemaster';

export function authEmulatorPort() {
  return Number(process.env.E2E_AUTH_PORT ?? 9610);
}

export function authEmulatorHost(port = authEmulatorPort()) {
  return `127.0.0.1:${port}`;
}

/** Public (client) settings for an e2e build. The key only needs to look like one (39 chars). */
export function authBuildEnv(port = authEmulatorPort()) {
  return {
    NEXT_PUBLIC_FIREBASE_API_KEY: 'demo-api-key-for-the-auth-emulator-0000',
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: `${AUTH_PROJECT_ID}.firebaseapp.com`,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: AUTH_PROJECT_ID,
    NEXT_PUBLIC_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(port),
  };
}

/** Server settings for `next start` under e2e. */
export function authServerEnv(port = authEmulatorPort()) {
  return { FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(port) };
}

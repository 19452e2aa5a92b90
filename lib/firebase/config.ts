import type { PublicEnv } from '@/lib/env';

/** The web config Firebase needs (SPEC §5 Identity config). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export type ConfigCheck =
  | { valid: true; config: FirebaseWebConfig; warnings: string[] }
  | { valid: false; missing: (keyof FirebaseWebConfig)[] };

/** Real Firebase web keys are 39 characters; anything under 30 is a sign of a pasted fragment. */
export const MIN_API_KEY_LENGTH = 30;

/**
 * SPEC §5: apiKey, authDomain, projectId and appId must be non-empty, else the config is invalid
 * (logged as critical); a key shorter than 30 characters only logs a warning.
 */
export function checkFirebaseConfig(
  env: Pick<PublicEnv, 'firebaseApiKey' | 'firebaseAuthDomain' | 'firebaseProjectId' | 'firebaseAppId'>,
): ConfigCheck {
  const config: FirebaseWebConfig = {
    apiKey: env.firebaseApiKey.trim(),
    authDomain: env.firebaseAuthDomain.trim(),
    projectId: env.firebaseProjectId.trim(),
    appId: env.firebaseAppId.trim(),
  };
  const missing = (Object.keys(config) as (keyof FirebaseWebConfig)[]).filter((key) => config[key] === '');
  if (missing.length > 0) {
    console.error(`[critical] [firebase] invalid config: missing ${missing.join(', ')}`);
    return { valid: false, missing };
  }
  const warnings: string[] = [];
  if (config.apiKey.length < MIN_API_KEY_LENGTH) {
    warnings.push(`apiKey is shorter than ${MIN_API_KEY_LENGTH} characters`);
    console.warn(`[firebase] apiKey is shorter than ${MIN_API_KEY_LENGTH} characters`);
  }
  return { valid: true, config, warnings };
}

import { describe } from 'vitest';
import { POSTGRES_MISSING, postgresBinDir, startTestPostgres, type TestPostgres } from './postgres';

/**
 * Defines `suite` against a throwaway Postgres (postgres.ts) when the machine has one, and skips
 * it with one warning otherwise. The suite starts the server with `start` (its URL) in its setup
 * and stops it with `stop` in its teardown.
 */
export function describeOnPostgres(
  name: string,
  suite: (start: () => Promise<string>, stop: () => Promise<void>) => void,
): void {
  const available = postgresBinDir() !== null;
  if (!available) console.warn(`[skip] ${name}: ${POSTGRES_MISSING}`);
  let server: TestPostgres | undefined;
  describe.skipIf(!available)('with a real Postgres', () => {
    suite(
      async () => {
        server = await startTestPostgres();
        return server.url;
      },
      async () => {
        await server?.stop();
      },
    );
  });
}

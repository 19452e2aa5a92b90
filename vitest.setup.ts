import '@testing-library/jest-dom/vitest';
import { afterAll, vi } from 'vitest';

// The server's log (lib/server/log.ts) stays quiet in unit tests; a test that reads it captures it
// at a level of its own (test/support/log.ts).
process.env.LOG_LEVEL ??= 'silent';

// Code under test imports some modules on demand (a toast's chime, a lazy part): each file waits
// for those imports to settle before its environment is torn down, so none lands after it.
afterAll(() => vi.dynamicImportSettled());

import '@testing-library/jest-dom/vitest';

// The server's log (lib/server/log.ts) stays quiet in unit tests; a test that reads it captures it
// at a level of its own (test/support/log.ts).
process.env.LOG_LEVEL ??= 'silent';

/** Vitest's and Playwright's JSON reports, read loosely: only the fields the summary uses. */
export function failureLines(unit: unknown, e2e: unknown, root: string): string[];
export function unhandledErrorLines(output: string): string[];

/**
 * The browser's localStorage, or null on the server and where storage access itself throws (some
 * privacy modes). A module of its own so that code reading storage without the stores
 * (device-holds.ts, in the home page's first scripts) carries nothing else.
 */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

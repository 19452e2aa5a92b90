/** The longest the first check waits for an idle moment once the page has settled. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * The background checks' clock (new episodes, season releases): `first` runs once the page has
 * settled (`settleMs`) and then at an idle moment, so it never competes with the page's own start
 * or the visitor's first taps; `check` runs every `intervalMs` from now on. Returns what stops
 * both.
 */
export function scheduleChecks({
  settleMs,
  intervalMs,
  first,
  check,
}: {
  settleMs: number;
  intervalMs: number;
  first: () => void;
  check: () => void;
}): () => void {
  const idle = 'requestIdleCallback' in window;
  let idleHandle: number | undefined;
  const settle = window.setTimeout(() => {
    if (idle) idleHandle = window.requestIdleCallback(() => first(), { timeout: IDLE_TIMEOUT_MS });
    else first();
  }, settleMs);
  const timer = window.setInterval(check, intervalMs);
  return () => {
    window.clearTimeout(settle);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    window.clearInterval(timer);
  };
}

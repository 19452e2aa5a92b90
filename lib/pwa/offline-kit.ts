/**
 * When the page asks the service worker for the offline kit (lib/pwa/cache-policy.ts,
 * OFFLINE_KIT_PAGES): a first visit spends its data on what the fan came for, and the kit's
 * pages and scripts come later, when they cost the visit nothing.
 *
 * - Never on Save-Data: the fan asked for less data; visited pages are still kept as they load.
 * - On a slow link, or when the browser does not say how fast it is, never within the first
 *   SLOW_LINK_QUIET_MS of the visit: the kit would compete with the page and the next tap.
 * - Otherwise, once the page is idle.
 */

/** The fields of the Network Information API the decision reads (navigator.connection). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  /** Round-trip estimate, ms. */
  rtt?: number;
  /** Downlink estimate, Mbit/s. */
  downlink?: number;
}

/** The quiet time of a first visit on a slow link: no kit before this, counted from navigation. */
export const SLOW_LINK_QUIET_MS = 25_000;
/** A round trip this long or longer is a slow link (a phone on a weak or congested network). */
export const SLOW_RTT_MS = 150;
/** Below this downlink estimate a link is slow (Chromium estimates it; 10 is its cap). */
export const SLOW_DOWNLINK_MBPS = 1;

export function isSlowLink(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.effectiveType && connection.effectiveType !== '4g') return true;
  if (typeof connection.rtt === 'number' && connection.rtt >= SLOW_RTT_MS) return true;
  if (
    typeof connection.downlink === 'number' &&
    connection.downlink > 0 &&
    connection.downlink < SLOW_DOWNLINK_MBPS
  )
    return true;
  return false;
}

/**
 * How long to wait, from now, before asking for the offline kit (then still when idle), or null
 * for never (Save-Data). `sinceNavigationMs`: how long the page has been loading (performance.now()).
 */
export function offlineKitDelay(
  connection: ConnectionInfo | undefined,
  sinceNavigationMs: number,
): number | null {
  if (connection?.saveData) return null;
  if (!isSlowLink(connection)) return 0;
  return Math.max(0, SLOW_LINK_QUIET_MS - sinceNavigationMs);
}

/** navigator.connection where the browser has it (Chromium), read field by field. */
export function currentConnection(): ConnectionInfo | undefined {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (!connection) return undefined;
  return {
    saveData: connection.saveData,
    effectiveType: connection.effectiveType,
    rtt: connection.rtt,
    downlink: connection.downlink,
  };
}

/**
 * Calls `ask` once the page is loaded and idle and the link allows it (offlineKitDelay); a
 * connection that turns Save-Data on meanwhile cancels it. Returns a cancel function.
 */
export function whenOfflineKitMayLoad(ask: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    const delay = offlineKitDelay(currentConnection(), performance.now());
    if (delay === null) return;
    timer = setTimeout(() => {
      if (cancelled || currentConnection()?.saveData) return;
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(ask, { timeout: 5_000 });
      else ask();
    }, delay);
  };
  const afterLoad = () => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(whenIdle, { timeout: 5_000 });
    else timer = setTimeout(whenIdle, 0);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle);
  };
}

/** The build files this page has loaded so far (resource timing), for the worker to keep. */
export function loadedBuildFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/_next/static/'));
}

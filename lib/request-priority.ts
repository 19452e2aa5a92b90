/**
 * What a person waits for goes first (docs/decisions/limiter-priority.md). The app's own jobs that
 * nobody waits for (the service worker's offline kit, the notification checks) mark the requests
 * they send with this header; the server gives the anime-database calls such a request starts the
 * limiter's background priority, behind the pages and listings people opened. A person's own
 * requests never carry it. Only this one value is honoured, and it can only lower a request's
 * place: a client gains nothing by sending it, or anything else.
 */
export const REQUEST_PRIORITY_HEADER = 'X-Request-Priority';
export const BACKGROUND_PRIORITY = 'background';

/** The header a background job adds to its requests. */
export const BACKGROUND_REQUEST_HEADERS: Readonly<Record<string, string>> = {
  [REQUEST_PRIORITY_HEADER]: BACKGROUND_PRIORITY,
};

/** Whether a request says it comes from a background job (its header, by exact value). */
export function isBackgroundRequest(headers: Pick<Headers, 'get'>): boolean {
  return headers.get(REQUEST_PRIORITY_HEADER)?.trim().toLowerCase() === BACKGROUND_PRIORITY;
}

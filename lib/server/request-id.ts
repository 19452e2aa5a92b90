import 'server-only';
import { randomUUID } from 'node:crypto';
import { runWithRequestId, serverLog } from './log';

const log = serverLog('api');

/**
 * An incoming X-Request-Id is taken when it is well-formed (nginx's `$request_id` is 32 hex
 * digits; a UUID or another proxy's token fits too): letters, digits and `-_.:`, 8 to 64 long.
 * Anything else is replaced, so a client cannot write arbitrary text into the log.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The request's id: the edge's, when well-formed, else a new one. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get(REQUEST_ID_HEADER)?.trim();
  return incoming && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** `response` with the request id in its X-Request-Id header (a copy when its headers are frozen). */
function withIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/**
 * Wraps a route handler of app/api: its work (the calls to the anime database, the database,
 * what it hands to `after()`) runs under the request's id, which every log line carries and the
 * answer names in X-Request-Id. One line at info says what was answered and how long it took.
 */
export function withRequestId<R extends Request, A extends unknown[]>(
  handler: (request: R, ...rest: A) => Promise<Response>,
): (request: R, ...rest: A) => Promise<Response> {
  return (request, ...rest) => {
    const requestId = requestIdOf(request);
    return runWithRequestId(requestId, async () => {
      const started = performance.now();
      const response = await handler(request, ...rest);
      log.info(
        {
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          ms: Math.round(performance.now() - started),
        },
        'answered',
      );
      return withIdHeader(response, requestId);
    });
  };
}

// How the front server (scripts/front-server.mjs) sends a request on to the app.
import http from 'node:http';

/**
 * Sends `options` to the app and hands the answer to `onResponse`. A kept-alive connection the
 * app closed just as it was reused fails with ECONNRESET ("socket hang up"): a request without a
 * body (GET, HEAD) is then sent once more, on a new connection. Without this, a full e2e run once
 * got 502 for two framework chunks and the page never started. Any other failure, one after an
 * answer began, or a second one, goes to `onError`. Returns the first request, for the caller to pipe the body into.
 */
export function requestApp(options, onResponse, onError) {
  let answered = false;
  const first = http.request(options, (response) => {
    answered = true;
    onResponse(response);
  });
  first.on('error', (error) => {
    const idempotent = options.method === 'GET' || options.method === 'HEAD';
    if (answered || !idempotent || error?.code !== 'ECONNRESET') {
      onError(error);
      return;
    }
    const again = http.request({ ...options, agent: false }, onResponse);
    again.on('error', onError);
    again.end();
  });
  return first;
}

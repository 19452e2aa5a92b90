// Test-side helper for the fake upstream's control API (see README.md). Uses global fetch, so it
// works in vitest, Playwright specs and plain Node 20 scripts alike.
//
//   const fake = fakeControl('http://127.0.0.1:4010');
//   const id = await fake.setFault({ service: 'jikan', mode: '500', match: 'q=fault-500-xyz', times: 1 });
//   ...
//   const calls = await fake.calls({ service: 'jikan', match: 'q=fault-500-xyz' });
//   await fake.clearFault(id);

async function call(baseUrl, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : {};
  if (!res.ok) {
    throw new Error(`fake-upstream ${method} ${path} answered ${res.status}: ${parsed.error ?? text}`);
  }
  return parsed;
}

/**
 * @param {string} baseUrl the fake's root, e.g. http://127.0.0.1:4010 (no /jikan/v4 suffix)
 */
export function fakeControl(baseUrl) {
  const base = String(baseUrl).replace(/\/+$/, '');
  return {
    /** Adds a fault; resolves to its id. */
    async setFault(opts) {
      const { id } = await call(base, 'POST', '/__control/fault', opts);
      return id;
    },
    /** Removes one fault; resolves to whether it was still active (a `times` fault may have expired). */
    async clearFault(id) {
      const res = await fetch(`${base}/__control/fault/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return res.status === 200;
    },
    /** Clears every fault and the call log. */
    async reset() {
      await call(base, 'POST', '/__control/reset');
    },
    /** Logged requests, oldest first. filter: { service?, since? (ms epoch), match? (substring of path+query) } */
    async calls(filter = {}) {
      const params = new URLSearchParams();
      if (filter.service) params.set('service', filter.service);
      if (filter.since !== undefined) params.set('since', String(filter.since));
      if (filter.match) params.set('match', filter.match);
      const query = params.toString();
      const { calls } = await call(base, 'GET', `/__control/calls${query ? `?${query}` : ''}`);
      return calls;
    },
    /** Active faults, with their hit counts. */
    async faults() {
      const { faults } = await call(base, 'GET', '/__control/faults');
      return faults;
    },
  };
}

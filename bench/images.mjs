// npm run bench:images — how often `next start` alone (no Redis, no edge) optimises one cover.
// Starts the fake upstream and the production build (bench/harness.mjs), then asks BENCH_CLIENTS
// fresh clients (default 5: no browser cache, no If-None-Match) for the same /_next/image URL of
// one cover, in each format the browsers ask for (AVIF, WebP). Counts the optimisations (answers
// `X-Nextjs-Cache: MISS`, and the cover fetched from the upstream) and times each answer.
//
//   npm run build && npm run bench:images
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { startStack } from './harness.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5);
const FORMATS = ['image/avif', 'image/webp'];

const stack = await startStack();
try {
  const fake = fakeControl(stack.fakeUrl);
  const cover = `${stack.fakeUrl}/images/cover/20.png`;
  const image = `${stack.appUrl}/_next/image?url=${encodeURIComponent(cover)}&w=384&q=75`;
  for (const format of FORMATS) {
    const since = Date.now();
    const rows = [];
    for (let client = 1; client <= CLIENTS; client += 1) {
      const started = performance.now();
      const response = await fetch(image, { headers: { accept: `${format},image/*;q=0.8` } });
      const body = await response.arrayBuffer();
      rows.push({
        client,
        status: response.status,
        type: response.headers.get('content-type'),
        cache: response.headers.get('x-nextjs-cache'),
        ms: Math.round(performance.now() - started),
        bytes: body.byteLength,
      });
    }
    const fetched = (await fake.calls({ service: 'images', since })).length;
    const misses = rows.filter((row) => row.cache === 'MISS').length;
    console.log(
      `\n${format}: ${misses} optimisation(s) for ${CLIENTS} fresh clients; cover fetched ${fetched} time(s)`,
    );
    console.table(rows);
  }
} finally {
  await stack.stop();
}

// npm run bench:library — library sync on the server's store (lib/library/store.ts) against the
// embedded PGlite and a throwaway Postgres cluster (Debian's postgresql; PGlite only without it):
//
// - First sync of a 5,000-entry library: one device uploads it in the client's batches (500
//   changes a push), a second device downloads it (2,000 entries a pull). Server time per request
//   (parse + validate + store + answer; p50/p99 over 3 runs) and the bytes each way.
// - 50 simulated fans for 15 s, each pushing 1–4 changes or pulling, back to back: throughput,
//   p50/p99, errors. The HTTP layer and the per-user pace (120 requests a minute) are left out:
//   this measures what the database sustains.
//
//   npm run bench:library
//   LIBRARY_SIZE=10000 LIBRARY_USERS=100 LIBRARY_SECONDS=30 npm run bench:library
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startVitest } from 'vitest/node';
import { root } from './harness.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'library-bench-'));
const out = path.join(dir, 'results.json');
process.env.LIBRARY_BENCH_OUT = out;

const vitest = await startVitest('test', [], {
  root,
  include: ['bench/library-bench.ts'],
  watch: false,
  reporters: ['dot'],
  pool: 'forks',
  fileParallelism: false,
  testTimeout: 900_000,
});
await vitest?.close();

let results;
try {
  results = JSON.parse(readFileSync(out, 'utf8'));
} catch {
  console.error('The benchmark produced no results.');
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const ms = (value) => value.toFixed(1).padStart(9);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`.padStart(10);
console.log('');
console.log('First sync of a library (server time per request, ms)');
console.log(
  `${'engine'.padEnd(10)}${'entries'.padStart(8)}${'pushes'.padStart(8)}${'push p50'.padStart(9)}${'push p99'.padStart(9)}` +
    `${'pulls'.padStart(7)}${'pull p50'.padStart(9)}${'pull p99'.padStart(9)}${'up'.padStart(10)}${'down'.padStart(10)}${'total ms'.padStart(10)}`,
);
for (const r of results.firstSync) {
  console.log(
    `${r.engine.padEnd(10)}${String(r.entries).padStart(8)}${String(r.pushRequests).padStart(8)}${ms(r.pushP50)}${ms(r.pushP99)}` +
      `${String(r.pullRequests).padStart(7)}${ms(r.pullP50)}${ms(r.pullP99)}${kb(r.upBytes)}${kb(r.downBytes)}${r.meanTotalMs.toFixed(0).padStart(10)}`,
  );
}
console.log('');
console.log('Simulated fans pushing and pulling');
console.log(
  `${'engine'.padEnd(10)}${'users'.padStart(6)}${'seconds'.padStart(8)}${'requests'.padStart(9)}${'req/s'.padStart(8)}` +
    `${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}`,
);
for (const r of results.load) {
  console.log(
    `${r.engine.padEnd(10)}${String(r.users).padStart(6)}${String(r.seconds).padStart(8)}${String(r.requests).padStart(9)}` +
      `${r.throughput.toFixed(0).padStart(8)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}${String(r.errors).padStart(8)}`,
  );
}
process.exit(results.load.some((r) => r.errors > 0) ? 1 : 0);

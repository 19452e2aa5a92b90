// The library-sync measurement run by bench/library.mjs (through vitest's node API, for the app's
// TypeScript). Not a test: it writes its figures to LIBRARY_BENCH_OUT.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { it } from 'vitest';
import { openDatabase, type OpenDatabase } from '@/lib/db/open';
import { postgresBinDir, startTestPostgres, type TestPostgres } from '@/test/support/postgres';
import { nextHlc } from '@/lib/library/hlc';
import { MAX_PUSH_CHANGES, validatePush, type Change, type PushBody } from '@/lib/library/protocol';
import { pullChanges, pushChanges } from '@/lib/library/store';

const LIBRARY_SIZE = Number(process.env.LIBRARY_SIZE ?? 5000);
const USERS = Number(process.env.LIBRARY_USERS ?? 50);
const SECONDS = Number(process.env.LIBRARY_SECONDS ?? 15);
const FIRST_SYNC_RUNS = Number(process.env.LIBRARY_FIRST_SYNC_RUNS ?? 3);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A library as a fan's browser would push it: half ratings with opinions, half list entries. */
function library(size: number, node: string): Change[] {
  let clock: string | null = null;
  const changes: Change[] = [];
  for (let index = 0; index < size; index++) {
    clock = nextHlc(clock, Date.now(), node);
    const id = String(1 + index);
    const snapshot = {
      title: `Anime ${id}`,
      titleEnglish: `Anime ${id} (EN)`,
      image: `https://cdn.myanimelist.net/images/anime/${id}/1l.jpg`,
      type: 'TV',
      episodes: 12,
      score: 7.5,
      genres: ['Action', 'Drama'],
      takenAt: new Date().toISOString(),
    };
    changes.push(
      index % 2 === 0
        ? {
            kind: 'rating',
            key: id,
            hlc: clock,
            deleted: false,
            data: {
              rating: 1 + (index % 5),
              opinion: 'Uma opinião de tamanho médio. '.repeat(4),
              ratedAt: new Date().toISOString(),
              snapshot,
            },
          }
        : {
            kind: 'list',
            key: id,
            hlc: clock,
            deleted: false,
            data: {
              list: 'COMPLETED',
              progress: 12,
              startedAt: '2026-01-01',
              finishedAt: '2026-02-01',
              snapshot,
            },
          },
    );
  }
  return changes;
}

/** What the route does with a push: parse, validate, store, answer. */
async function serverPush(database: OpenDatabase, user: string, text: string) {
  const started = performance.now();
  const checked = validatePush(JSON.parse(text));
  if (!checked.ok) throw new Error(checked.message);
  const answer = JSON.stringify(await pushChanges(database.db, user, checked.body));
  return { ms: performance.now() - started, bytes: answer.length };
}

async function serverPull(database: OpenDatabase, user: string, since: number) {
  const started = performance.now();
  const answer = await pullChanges(database.db, user, since);
  const text = JSON.stringify(answer);
  return { ms: performance.now() - started, bytes: text.length, answer };
}

async function firstSync(database: OpenDatabase, engine: string) {
  const pushMs: number[] = [];
  const pullMs: number[] = [];
  let upBytes = 0;
  let downBytes = 0;
  let wallMs = 0;
  for (let run = 0; run < FIRST_SYNC_RUNS; run++) {
    const user = `bench-first-${engine}-${run}-${Date.now()}`;
    const changes = library(LIBRARY_SIZE, 'benchdev');
    const started = performance.now();
    // Device 1 uploads (batches as the client sends them), device 2 downloads everything.
    for (let start = 0; start < changes.length; start += MAX_PUSH_CHANGES / 2) {
      const body: PushBody = { epoch: null, changes: changes.slice(start, start + MAX_PUSH_CHANGES / 2) };
      const text = JSON.stringify(body);
      const result = await serverPush(database, user, text);
      pushMs.push(result.ms);
      if (run === 0) upBytes += text.length;
    }
    let since = 0;
    for (;;) {
      const result = await serverPull(database, user, since);
      pullMs.push(result.ms);
      if (run === 0) downBytes += result.bytes;
      since = result.answer.version;
      if (!result.answer.more) break;
    }
    wallMs += performance.now() - started;
  }
  return {
    engine,
    entries: LIBRARY_SIZE,
    runs: FIRST_SYNC_RUNS,
    pushRequests: pushMs.length / FIRST_SYNC_RUNS,
    pullRequests: pullMs.length / FIRST_SYNC_RUNS,
    pushP50: percentile(pushMs, 50),
    pushP99: percentile(pushMs, 99),
    pullP50: percentile(pullMs, 50),
    pullP99: percentile(pullMs, 99),
    upBytes,
    downBytes,
    meanTotalMs: wallMs / FIRST_SYNC_RUNS,
  };
}

/** USERS fans, each pushing a few changes or pulling, back to back, for SECONDS. */
async function load(database: OpenDatabase, engine: string) {
  const latencies: number[] = [];
  let errors = 0;
  let pushes = 0;
  let pulls = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const stamp = Date.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const user = `bench-load-${engine}-${stamp}-${index}`;
      const node = index.toString(36).padStart(8, '0');
      let clock: string | null = null;
      let cursor = 0;
      let serial = 0;
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          if (serial % 3 !== 2) {
            const changes: Change[] = Array.from({ length: 1 + (serial % 4) }, () => {
              clock = nextHlc(clock, Date.now(), node);
              return {
                kind: 'rating',
                key: String(1 + Math.floor(Math.random() * 500)),
                hlc: clock,
                deleted: Math.random() < 0.1,
                data: null,
              } satisfies Change;
            }).map((change) =>
              change.deleted
                ? change
                : { ...change, data: { rating: 4, opinion: 'bom', ratedAt: null, snapshot: null } },
            );
            await serverPush(database, user, JSON.stringify({ epoch: null, changes }));
            pushes++;
          } else {
            cursor = (await serverPull(database, user, cursor)).answer.version;
            pulls++;
          }
          latencies.push(performance.now() - started);
        } catch (error) {
          errors++;
          if (errors < 5) console.error(error);
        }
        serial++;
      }
    }),
  );
  return {
    engine,
    users: USERS,
    seconds: SECONDS,
    requests: latencies.length,
    pushes,
    pulls,
    throughput: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

it('library sync benchmark', async () => {
  const results: { firstSync: unknown[]; load: unknown[] } = { firstSync: [], load: [] };
  const engines: [string, () => Promise<{ database: OpenDatabase; stop: () => Promise<void> }>][] = [
    [
      'pglite',
      async () => {
        const database = await openDatabase({ dataDir: 'memory://' });
        return { database, stop: () => database.close() };
      },
    ],
  ];
  if (postgresBinDir()) {
    engines.push([
      'postgres',
      async () => {
        const server: TestPostgres = await startTestPostgres();
        const database = await openDatabase({ url: server.url, poolSize: 10 });
        return {
          database,
          stop: async () => {
            await database.close();
            await server.stop();
          },
        };
      },
    ]);
  } else {
    console.warn('Postgres not found: only PGlite is measured (apt-get install -y postgresql)');
  }
  for (const [engine, open] of engines) {
    const { database, stop } = await open();
    try {
      results.firstSync.push(await firstSync(database, engine));
      results.load.push(await load(database, engine));
    } finally {
      await stop();
    }
  }
  writeFileSync(process.env.LIBRARY_BENCH_OUT ?? 'library-bench.json', JSON.stringify(results));
}, 900_000);

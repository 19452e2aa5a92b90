// npm run bench:db-stops — the embedded database across stops of the built server (`next start`
// as `npm start` runs it: the app owns SIGTERM). Each round opens anime (records stored through
// after()), waits until the writes are made, stops the server with SIGTERM or SIGKILL in turn and
// starts the next one at once (another port, the same DATA_DIR: it waits for the folder's lock).
// Printed per signal: the time from the signal to the new server's /api/health 200 (p50, max), and
// the records lost: anime stored before the stop that the new server cannot serve whole while the
// anime database answers 504.
//
//   npm run build && npm run bench:db-stops
//   DB_STOPS_ROUNDS=20 DB_STOPS_ANIME=10 npm run bench:db-stops
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream } from '../e2e/fake-upstream/server.mjs';
import { allAnime } from '../e2e/fake-upstream/fixtures.mjs';
import { freePort, root } from './harness.mjs';

const ROUNDS = Number(process.env.DB_STOPS_ROUNDS || 10);
const PER_ROUND = Number(process.env.DB_STOPS_ANIME || 6);

const fake = await startFakeUpstream({ port: Number(process.env.BENCH_FAKE_PORT ?? 0) });
const fakeUrl = fake.url;
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'db-stops-bench-')), '.data');
const candidates = allAnime.filter((a) => a.synopsis && a.rating && !/^R/.test(a.rating));
const words = (text) => text.split(/\s+/).slice(0, 6).join(' ');

function start() {
  return freePort().then((port) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          NEXT_TELEMETRY_DISABLED: '1',
          NEXT_MANUAL_SIG_HANDLE: 'true',
          JIKAN_BASE_URL: `${fakeUrl}/jikan/v4`,
          TRANSLATE_BASE_URL: `${fakeUrl}/translate`,
          STREAMING_BASE_URLS: `${fakeUrl}/streaming/main`,
          JIKAN_MIN_INTERVAL_MS: '20',
          DATA_DIR: dataDir,
        },
      },
    );
    return { url: `http://127.0.0.1:${port}`, child };
  });
}

async function health(app) {
  try {
    const response = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    return { code: response.status, body: await response.json() };
  } catch {
    return null;
  }
}

async function until(check, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

const decode = (html) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const open = async (app, id) =>
  decode(await (await fetch(`${app.url}/anime/${id}`, { headers: { cookie: 'NEXT_LOCALE=en' } })).text());

const results = { SIGTERM: { ms: [], lost: 0, checked: 0 }, SIGKILL: { ms: [], lost: 0, checked: 0 } };
let app = await start();
await until(async () => (await health(app))?.code === 200);
for (let round = 0; round < ROUNDS; round++) {
  const signal = round % 2 === 0 ? 'SIGTERM' : 'SIGKILL';
  const anime = Array.from(
    { length: PER_ROUND },
    (_, n) => candidates[(round * PER_ROUND + n) % candidates.length],
  );
  await Promise.all(anime.map((a) => open(app, a.mal_id)));
  await until(async () => (await health(app))?.body.database.pendingWrites === 0);
  const signalledAt = Date.now();
  app.child.kill(signal);
  app = await start();
  await until(async () => (await health(app))?.code === 200);
  results[signal].ms.push(Date.now() - signalledAt);
  const fault = await (
    await fetch(`${fakeUrl}/__control/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'jikan', mode: '504' }),
    })
  ).json();
  for (const a of anime) {
    const html = await open(app, a.mal_id);
    results[signal].checked++;
    if (!(html.includes('data-testid="synopsis"') && html.includes(words(a.synopsis))))
      results[signal].lost++;
  }
  await fetch(`${fakeUrl}/__control/fault/${fault.id}`, { method: 'DELETE' });
  process.stdout.write('.');
}
app.child.kill('SIGTERM');
await new Promise((resolve) => app.child.once('exit', resolve));
await fake.close();

const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
console.log('\n');
console.log(`Stops of the built server, ${ROUNDS} rounds, ${PER_ROUND} anime stored per round`);
console.log(
  `${'signal'.padEnd(9)}${'stops'.padStart(6)}${'healthy p50 ms'.padStart(16)}${'max ms'.padStart(9)}${'records lost'.padStart(14)}`,
);
for (const [signal, r] of Object.entries(results)) {
  console.log(
    `${signal.padEnd(9)}${String(r.ms.length).padStart(6)}${String(p50(r.ms)).padStart(16)}${String(Math.max(...r.ms)).padStart(9)}` +
      `${`${r.lost}/${r.checked}`.padStart(14)}`,
  );
}
const aside = readdirSync(dataDir).filter((name) => name.includes('unreadable'));
console.log(`Folders moved aside (unreadable): ${aside.length}`);
process.exit(0);

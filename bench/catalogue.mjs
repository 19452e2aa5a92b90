// Offline catalogue benchmark: build time, size on disk, load time, memory before and
// after loading, and search latency (p50/p99 over 100 queries in English, romaji, Japanese and
// Chinese, including misses). Runs the same modules the server runs (TypeScript through jiti).
// Usage: npm run bench:catalogue   (re-runs itself with --expose-gc for clean memory figures)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

if (typeof globalThis.gc !== 'function') {
  const result = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url, { alias: { '@': root } });
const { Catalogue } = await jiti.import(path.join(root, 'lib/catalogue/catalogue.ts'));
const { japanDate } = await jiti.import(path.join(root, 'lib/catalogue/dates.ts'));

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Build (three runs, median) in child processes, into a temporary folder so the real file is
// untouched and this process's heap holds nothing but the catalogue when memory is measured.
const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-bench-'));
const file = path.join(dir, 'catalogue.json');
const buildOnce = () => {
  const script = `import(${JSON.stringify(path.join(root, 'scripts/build-catalogue.mjs'))}).then((m) => console.log(JSON.stringify(m.writeCatalogue(${JSON.stringify(file)}))))`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
};
const builds = [0, 1, 2].map(buildOnce).sort((a, b) => a.ms - b.ms);
const build = builds[1];

// Load: what the server does on first use (read, parse, index), measured in a settled heap.
globalThis.gc();
const before = process.memoryUsage();
const loadStarted = performance.now();
const catalogue = new Catalogue(JSON.parse(readFileSync(file, 'utf8')));
const loadMs = performance.now() - loadStarted;
globalThis.gc();
const after = process.memoryUsage();

// 100 queries: fixed ones people type, then titles and prefixes drawn evenly from the catalogue.
const fixed = [
  'naruto',
  'one piece',
  'death note',
  'frieren',
  'attack on titan',
  'shingeki',
  'jujutsu',
  '進撃の巨人',
  'ナルト',
  '鬼滅',
  '火影忍者',
  'ＯＮＥ ＰＩＥＣＥ',
  'pokemon',
  'gundam',
  'zzz-no-such-anime',
  'a',
  'the',
  'love',
  'sword art online',
  'dr stone',
];
const file_ = JSON.parse(readFileSync(file, 'utf8'));
const records = file_.records;
const drawn = [];
for (let index = 0; drawn.length < 100 - fixed.length; index += Math.floor(records.length / 80)) {
  const record = records[index % records.length];
  const title = record.tr?.en?.[0] ?? record.title;
  drawn.push(drawn.length % 2 ? title : title.slice(0, Math.max(2, Math.ceil(title.length / 2))));
}
const queries = [...fixed, ...drawn];
const today = japanDate(new Date());
for (const q of queries.slice(0, 10)) catalogue.search({ q, page: 1, limit: 25 }, today); // warm-up
const times = [];
let hits = 0;
for (const q of queries) {
  const started = performance.now();
  const result = catalogue.search({ q, page: 1, limit: 25 }, today);
  times.push(performance.now() - started);
  if (result.items.length) hits += 1;
}
times.sort((a, b) => a - b);
const seasonStarted = performance.now();
const season = catalogue.seasonNow({ page: 1, limit: 10 }, today);
const seasonMs = performance.now() - seasonStarted;

console.log(`catalogue: ${build.records} anime from bangumi-data ${build.version}`);
console.log(
  `build: ${Math.round(build.ms)} ms (median of 3; ${builds.map((b) => Math.round(b.ms)).join(' / ')} ms)`,
);
console.log(`size on disk: ${mb(statSync(file).size)} (${statSync(file).size} bytes)`);
console.log(`load (read + parse + index): ${Math.round(loadMs)} ms`);
console.log(
  `memory after load: heap +${mb(after.heapUsed - before.heapUsed)}, rss +${mb(after.rss - before.rss)} ` +
    `(rss ${mb(before.rss)} → ${mb(after.rss)})`,
);
console.log(
  `search over ${queries.length} queries (${hits} with results): p50 ${percentile(times, 50).toFixed(2)} ms, ` +
    `p99 ${percentile(times, 99).toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms`,
);
console.log(
  `season (${season.season.season} ${season.season.year}, ${season.items.length} shown): ${seasonMs.toFixed(2)} ms`,
);
rmSync(dir, { recursive: true, force: true });

// npm test: installs what is missing (Chromium, redis-server, postgresql and nginx included), then lint,
// typecheck and the production build beside the unit tests, then end-to-end tests in Chromium. Ends
// with one summary line of counts.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authBuildEnv } from '../e2e/auth-emulator/env.mjs';
import { failureLines, unhandledErrorLines } from './test-report.mjs';
import {
  build,
  ensureChromium,
  ensureDependencies,
  ensureNginx,
  ensurePostgres,
  ensureRedisServer,
  localBin,
  log,
  root,
  run,
} from './lib.mjs';
import { openRunFolder } from './run-folder.mjs';

const reports = path.join(root, 'reports');
mkdirSync(reports, { recursive: true });
const started = Date.now();

await ensureDependencies();
const chromium = await ensureChromium();
ensureRedisServer();
ensureNginx();
ensurePostgres();

const ORDER = ['lint', 'typecheck', 'unit tests', 'build', 'e2e tests'];
const steps = [];
/**
 * One step, timed. Given `held`, its output is kept and printed whole when it ends, so a step run
 * beside another reads as one block in the log.
 */
async function step(name, fn, { held = false } = {}) {
  const t0 = Date.now();
  const output = held ? [] : undefined;
  if (!held) log(`── ${name}`);
  const code = await fn(output);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  steps.push({ name, ok: code === 0, seconds });
  if (held) {
    log(`── ${name}`);
    for (const chunk of output) process.stdout.write(chunk);
  }
  log(`${code === 0 ? '✓' : '✗'} ${name} (${seconds}s)`);
  return code === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Everything the tests write to the temporary folder goes into one folder for this run, removed at
// its end (and by the next run if this one is killed); what is kept across runs on purpose (the
// empty database cluster, test/support/data-dir.ts) stays in the usual one, TEST_CACHE_DIR.
const runFolder = openRunFolder();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    runFolder.remove();
    process.exit(1);
  });
}
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  TMPDIR: runFolder.dir,
  TEST_CACHE_DIR: process.env.TEST_CACHE_DIR || tmpdir(),
};

const vitestReport = path.join(reports, 'vitest.json');
const unitOutput = [];
rmSync(vitestReport, { force: true });

// The e2e build signs in against the Auth emulator: its public Firebase settings (baked into the
// client at build time) come from here, never from a committed .env file, so a production build
// can never be pointed at the emulator by accident. The build hash includes them (lib.mjs), so a
// later `npm start` rebuilds with the real settings.
Object.assign(process.env, authBuildEnv());

// The unit tests spend much of their time waiting (the limiter's real gaps, databases opening,
// redis-server restarts), so lint, typecheck and the build run beside them on the other core.
// Their output is held and printed whole when each ends.
const [built] = await Promise.all([
  (async () => {
    await step('lint', (held) => run(localBin('eslint'), ['--max-warnings=0', '.'], { env, held }), {
      held: true,
    });
    await step('typecheck', (held) => run(localBin('tsc'), ['--noEmit'], { env, held }), { held: true });
    return step('build', (held) => build({ held }), { held: true });
  })(),
  step('unit tests', () =>
    run(
      localBin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
      { env, kept: unitOutput },
    ),
  ),
]);

const playwrightReport = path.join(reports, 'playwright.json');
rmSync(playwrightReport, { force: true });
if (built) {
  await step('e2e tests', () =>
    run(localBin('playwright'), ['test'], {
      env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    }),
  );
} else {
  steps.push({ name: 'e2e tests', ok: false, seconds: '0.0' });
  log('✗ e2e tests skipped: the build failed');
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const unit = readJson(vitestReport);
if (unit) {
  counts.passed += unit.numPassedTests ?? 0;
  counts.failed += unit.numFailedTests ?? 0;
  counts.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
}
const e2e = existsSync(playwrightReport) ? readJson(playwrightReport) : null;
if (e2e?.stats) {
  counts.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  counts.failed += e2e.stats.unexpected ?? 0;
  counts.skipped += e2e.stats.skipped ?? 0;
}
// A failed step with no failing test of its own (lint, typecheck, build, a crash) counts as one failure.
for (const s of steps) {
  if (s.ok) continue;
  const testFailures =
    s.name === 'unit tests' ? unit?.numFailedTests : s.name === 'e2e tests' ? e2e?.stats?.unexpected : 0;
  if (!testFailures) counts.failed += 1;
}

// CI shows only the tail of the output: name every failing (and flaky) test just above the summary.
const failures = failureLines(unit, e2e, root);
const unitStep = steps.find((s) => s.name === 'unit tests');
if (unitStep && !unitStep.ok && !failures.some((line) => line.startsWith('unit '))) {
  const unhandled = unhandledErrorLines(Buffer.concat(unitOutput).toString('utf8'));
  failures.unshift(
    ...(unhandled.length ? unhandled : ['unit ✗ vitest failed with no failing test (see its output above)']),
  );
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failures.length) {
  console.log('');
  for (const line of failures) console.log(line);
}
console.log('');
steps.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
console.log(
  `steps: ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'} (${s.seconds}s)`).join(', ')}; total ${minutes} min`,
);
if (unit) console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
if (e2e?.stats)
  console.log(
    `e2e: ${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.flaky} flaky, ${e2e.stats.skipped} skipped`,
  );
console.log(`summary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
runFolder.remove();
process.exit(steps.every((s) => s.ok) ? 0 : 1);

// Waits for the app's /api/health, for start-up scripts and systemd units (deploy/systemd).
//
//   node scripts/wait-for-health.mjs URL [SECONDS] [--live]
//
// Exits 0 once URL answers 200 (ready: the database answers), or with --live once it answers at
// all (a 503 is a live process whose database is down); exits 1 when SECONDS (60) pass first.
const args = process.argv.slice(2);
const live = args.includes('--live');
const [url, seconds = '60'] = args.filter((arg) => arg !== '--live');
if (!url || !/^https?:\/\//.test(url) || !/^\d+$/.test(seconds)) {
  console.error('Usage: node scripts/wait-for-health.mjs URL [SECONDS] [--live]');
  process.exit(2);
}
const deadline = Date.now() + Number(seconds) * 1000;
let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(Math.max(1000, Math.min(5000, deadline - Date.now()))),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 200 || live) process.exit(0);
    last = `status ${response.status}`;
  } catch (error) {
    last = error instanceof Error ? error.message : String(error);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`${url}: not ${live ? 'answering' : 'ready'} within ${seconds} s (${last})`);
process.exit(1);

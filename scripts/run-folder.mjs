// The temporary folder of one `npm test` run: every test process gets it as TMPDIR, so what the
// tests leave behind (data folders of the servers they start, database clusters, browser
// profiles) goes with it when the run ends, and a run that was killed is swept by the next one.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'anime-master-run-';
const OWNER = 'owner.pid';
/** A folder this young without its owner written yet may be another run that is starting. */
const STARTING_MS = 60_000;

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the run folders under `parent` whose run is over (its process gone); returns them. */
export function sweepRunFolders(parent = tmpdir(), now = Date.now()) {
  const removed = [];
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(PREFIX)) continue;
    const folder = path.join(parent, name);
    let owner = NaN;
    try {
      owner = Number(readFileSync(path.join(folder, OWNER), 'utf8'));
    } catch {
      try {
        if (now - statSync(folder).mtimeMs < STARTING_MS) continue;
      } catch {
        continue;
      }
    }
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/**
 * A new run folder under `parent`, after sweeping those of finished runs. Readable by other users
 * (the test Postgres runs as its own user and keeps its cluster inside); `remove()` deletes it.
 */
export function openRunFolder(parent = tmpdir()) {
  sweepRunFolders(parent);
  const dir = mkdtempSync(path.join(parent, PREFIX));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, OWNER), String(process.pid));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

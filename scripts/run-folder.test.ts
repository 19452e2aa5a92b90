import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRunFolder, sweepRunFolders } from './run-folder.mjs';

let parent: string;
afterEach(() => rmSync(parent, { recursive: true, force: true }));

/** A pid no process has: a child that has exited would do too, but this one never existed. */
const GONE = 2 ** 22 + 12_345;

describe('the run folder', () => {
  it('is made for this process and removed whole', () => {
    parent = mkdtempSync(path.join(tmpdir(), 'run-folder-test-'));
    const run = openRunFolder(parent);
    writeFileSync(path.join(run.dir, 'left-behind'), 'x');
    expect(path.dirname(run.dir)).toBe(parent);
    run.remove();
    expect(existsSync(run.dir)).toBe(false);
  });

  it('sweeps the folders of runs that are over, never a live run or one starting, nor other folders', () => {
    parent = mkdtempSync(path.join(tmpdir(), 'run-folder-test-'));
    const folder = (name: string, owner?: number) => {
      const dir = path.join(parent, name);
      mkdirSync(dir);
      if (owner !== undefined) writeFileSync(path.join(dir, 'owner.pid'), String(owner));
      return dir;
    };
    const over = folder('anime-master-run-over', GONE);
    const live = folder('anime-master-run-live', process.pid);
    const starting = folder('anime-master-run-starting');
    const other = folder('someone-elses', GONE);

    expect(sweepRunFolders(parent)).toEqual([over]);
    expect([live, starting, other].every((dir) => existsSync(dir))).toBe(true);
    // Without an owner a minute later, it was never started: swept.
    expect(sweepRunFolders(parent, Date.now() + 120_000)).toEqual([starting]);
  });
});

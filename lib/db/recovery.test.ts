import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOrRecover, type RecoverySteps } from './recovery';
import { snapshotName } from './snapshots';

const now = () => new Date(Date.UTC(2026, 10, 27, 8, 30, 12));

/** A data folder with a database folder holding `files`, and snapshots whose contents say whether they are good. */
function setUp(snapshots: Record<number, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'am-recover-'));
  const folder = path.join(root, 'pglite');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'PG_VERSION'), '18');
  writeFileSync(path.join(folder, 'postmaster.pid'), '-42');
  const snapshotsDir = path.join(root, 'snapshots');
  mkdirSync(snapshotsDir);
  for (const [minute, content] of Object.entries(snapshots)) {
    writeFileSync(
      path.join(snapshotsDir, snapshotName(new Date(Date.UTC(2026, 10, 27, 7, Number(minute))))),
      content,
    );
  }
  return { root, folder, snapshotsDir };
}

/** An engine stand-in: a folder opens unless it holds postmaster.pid "-42"; a snapshot restores when it says "good". */
function steps(log: string[]): RecoverySteps<string> {
  return {
    async open(folder) {
      if (
        existsSync(path.join(folder, 'postmaster.pid')) &&
        readFileSync(path.join(folder, 'postmaster.pid'), 'utf8') === '-42'
      ) {
        throw new Error('Aborted()');
      }
      mkdirSync(folder, { recursive: true });
      return existsSync(path.join(folder, 'from'))
        ? readFileSync(path.join(folder, 'from'), 'utf8')
        : 'empty';
    },
    async restore(folder, snapshot) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'from'), snapshot.name);
      if (readFileSync(snapshot.file, 'utf8') !== 'good') throw new Error('bad tarball');
      return snapshot.name;
    },
    report: (event) => log.push(`${event.step}${event.snapshot ? ` ${event.snapshot}` : ''}`),
  };
}

describe('opening the embedded database, or recovering it', () => {
  it('opens a readable folder as it is', async () => {
    const { folder, snapshotsDir } = setUp({ 1: 'good' });
    writeFileSync(path.join(folder, 'postmaster.pid'), '1234');
    const outcome = await openOrRecover(folder, snapshotsDir, steps([]), now);
    expect(outcome).toEqual({ value: 'empty', recovery: null });
  });

  it('moves an unreadable folder aside, untouched, and restores the newest good snapshot', async () => {
    const { root, folder, snapshotsDir } = setUp({ 1: 'good', 2: 'good', 3: 'truncated' });
    const log: string[] = [];
    const outcome = await openOrRecover(folder, snapshotsDir, steps(log), now);
    const newestGood = snapshotName(new Date(Date.UTC(2026, 10, 27, 7, 2)));
    expect(outcome.value).toBe(newestGood);
    expect(outcome.recovery).toEqual({
      reason: 'snapshot_restored',
      at: '2026-11-27T08:30:12.000Z',
      movedAside: path.join(root, 'pglite.unreadable-20261127T083012Z'),
      snapshot: newestGood,
    });
    // Nothing of the unreadable folder was deleted, and no snapshot either.
    expect(readdirSync(outcome.recovery!.movedAside).sort()).toEqual(['PG_VERSION', 'postmaster.pid']);
    expect(readdirSync(snapshotsDir)).toHaveLength(3);
    expect(log).toEqual(['open', `restore ${snapshotName(new Date(Date.UTC(2026, 10, 27, 7, 3)))}`]);
  });

  it('starts empty when no snapshot can be restored', async () => {
    const { folder, snapshotsDir } = setUp({ 1: 'bad' });
    const outcome = await openOrRecover(folder, snapshotsDir, steps([]), now);
    expect(outcome.value).toBe('empty');
    expect(outcome.recovery).toMatchObject({ reason: 'started_empty' });
    expect(outcome.recovery!.snapshot).toBeUndefined();
  });

  it('never overwrites an earlier moved-aside folder', async () => {
    const { root, folder, snapshotsDir } = setUp({});
    mkdirSync(path.join(root, 'pglite.unreadable-20261127T083012Z'));
    const outcome = await openOrRecover(folder, snapshotsDir, steps([]), now);
    expect(outcome.recovery!.movedAside).toBe(path.join(root, 'pglite.unreadable-20261127T083012Z-2'));
  });
});

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSnapshots, snapshotName, snapshotsToRemove, writeSnapshot, type Snapshot } from './snapshots';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 8, minute, 0, 123));
const snap = (minute: number, bytes: number): Snapshot => ({
  file: `/x/${snapshotName(at(minute))}`,
  name: snapshotName(at(minute)),
  bytes,
  takenAt: at(minute),
});

describe('snapshots of the embedded database', () => {
  it('are named so that their names sort by time, and listed newest first', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'am-snap-'));
    for (const minute of [5, 1, 9]) writeFileSync(path.join(dir, snapshotName(at(minute))), 'x');
    writeFileSync(path.join(dir, `${snapshotName(at(10))}.partial`), 'half');
    writeFileSync(path.join(dir, 'notes.txt'), 'other');
    expect(snapshotName(at(5))).toBe('pglite-20261127T080500123Z.tar.gz');
    expect(listSnapshots(dir).map((s) => s.takenAt.getUTCMinutes())).toEqual([9, 5, 1]);
  });

  it('keep the newest few', () => {
    const all = [snap(1, 10), snap(2, 10), snap(3, 10), snap(4, 10), snap(5, 10)];
    const removed = snapshotsToRemove(all, { keep: 3, maxBytes: 1000 });
    expect(removed.map((s) => s.takenAt.getUTCMinutes()).sort()).toEqual([1, 2]);
  });

  it('stay within the bound in bytes, dropping the oldest first', () => {
    const all = [snap(1, 40), snap(2, 40), snap(3, 40)];
    const removed = snapshotsToRemove(all, { keep: 10, maxBytes: 100 });
    expect(removed.map((s) => s.takenAt.getUTCMinutes())).toEqual([1]);
  });

  it('always keep the newest, even when it alone is over the bound', () => {
    const all = [snap(1, 10), snap(2, 500)];
    const removed = snapshotsToRemove(all, { keep: 3, maxBytes: 100 });
    expect(removed.map((s) => s.takenAt.getUTCMinutes())).toEqual([1]);
    expect(snapshotsToRemove([snap(2, 500)], { keep: 0, maxBytes: 0 })).toEqual([]);
  });

  it('are written whole under their final name, then rotated; a leftover half file goes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'am-snap-'));
    writeFileSync(path.join(dir, `${snapshotName(at(0))}.partial`), 'cut short by a kill');
    for (let minute = 1; minute <= 4; minute++) {
      writeSnapshot(
        dir,
        new Uint8Array(Buffer.from(`data ${minute}`)),
        { keep: 2, maxBytes: 1000 },
        at(minute),
      );
    }
    expect(readdirSync(dir).sort()).toEqual([snapshotName(at(3)), snapshotName(at(4))]);
    expect(readFileSync(path.join(dir, snapshotName(at(4))), 'utf8')).toBe('data 4');
  });
});

import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Snapshots of the embedded database: PGlite's whole data folder as one gzipped tarball
 * (`dumpDataDir`), written on a schedule and at each clean stop into DATA_DIR/snapshots. A file is
 * written under a temporary name, flushed to disk and then renamed, so a snapshot that has its
 * final name is whole. The newest few are kept, within a bound in bytes; the newest is never
 * removed for the bound (one snapshot is better than none).
 */

export const SNAPSHOT_DIR = 'snapshots';
const PREFIX = 'pglite-';
const SUFFIX = '.tar.gz';

export interface Snapshot {
  file: string;
  name: string;
  bytes: number;
  /** When it was taken (from its name). */
  takenAt: Date;
}

export interface SnapshotBounds {
  /** How many snapshots are kept at most (at least 1). */
  keep: number;
  /** The most bytes all kept snapshots may take together. */
  maxBytes: number;
}

/** A name that sorts by time: pglite-20261127T083012345Z.tar.gz. */
export function snapshotName(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[-:.]/g, '')}${SUFFIX}`;
}

function takenAtOf(name: string): Date | null {
  const match = /^pglite-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.tar\.gz$/.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

/** The snapshots in `dir`, newest first (files being written, and others, are not listed). */
export function listSnapshots(dir: string): Snapshot[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const snapshots: Snapshot[] = [];
  for (const name of names) {
    const takenAt = takenAtOf(name);
    if (!takenAt) continue;
    const file = path.join(dir, name);
    try {
      snapshots.push({ file, name, bytes: statSync(file).size, takenAt });
    } catch {
      // Removed meanwhile.
    }
  }
  return snapshots.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Which snapshots go: beyond `keep`, and the oldest while the total is over `maxBytes` (never the newest). */
export function snapshotsToRemove(snapshots: readonly Snapshot[], bounds: SnapshotBounds): Snapshot[] {
  const newestFirst = [...snapshots].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const kept: Snapshot[] = [];
  let total = 0;
  for (const [index, snapshot] of newestFirst.entries()) {
    const fits =
      index === 0 || (kept.length < Math.max(1, bounds.keep) && total + snapshot.bytes <= bounds.maxBytes);
    if (!fits) continue;
    kept.push(snapshot);
    total += snapshot.bytes;
  }
  return newestFirst.filter((snapshot) => !kept.includes(snapshot));
}

/** Writes `data` as a new snapshot in `dir` (whole or not at all), then applies the bounds. */
export function writeSnapshot(
  dir: string,
  data: Uint8Array,
  bounds: SnapshotBounds,
  at = new Date(),
): Snapshot {
  mkdirSync(dir, { recursive: true });
  const name = snapshotName(at);
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  try {
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  for (const old of snapshotsToRemove(listSnapshots(dir), bounds)) rmSync(old.file, { force: true });
  // Leftovers of a write cut short (a kill mid-snapshot).
  for (const leftover of readdirSync(dir).filter(
    (entry) => entry.endsWith('.partial') && entry !== path.basename(partial),
  )) {
    rmSync(path.join(dir, leftover), { force: true });
  }
  return { file, name, bytes: data.length, takenAt: at };
}

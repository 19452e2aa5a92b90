import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock';

const folder = () => mkdtempSync(path.join(tmpdir(), 'am-lock-'));
const holder = (dir: string, pid: number) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, host: hostname(), since: '2026-01-01T00:00:00Z' }),
  );

describe('the data folder lock', () => {
  it('is taken when nobody holds it, and released', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir, { waitMs: 0, pid: 101 });
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: 101 });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('takes over from a holder that is dead (a killed server), without waiting', async () => {
    const dir = folder();
    holder(dir, 202);
    const started = Date.now();
    const lock = await lockDataDir(dir, { waitMs: 5000, pid: 101, isAlive: (pid) => pid !== 202 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: 101 });
  });

  it('takes over a lock file left half written', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    // Just written, it may be a holder writing it now: waited for.
    await expect(
      lockDataDir(dir, { waitMs: 50, pollMs: 10, pid: 101, isAlive: () => true }),
    ).rejects.toThrow();
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, LOCK_FILE), old, old);
    const lock = await lockDataDir(dir, { waitMs: 0, pid: 101, isAlive: () => true });
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: 101 });
  });

  it('waits for a live holder and takes the lock once it lets go', async () => {
    const dir = folder();
    holder(dir, 303);
    let alive = true;
    const waitedFor: number[] = [];
    setTimeout(() => {
      // The old server closes its database, releases the lock and exits.
      alive = false;
    }, 300);
    const lock = await lockDataDir(dir, {
      waitMs: 10_000,
      pollMs: 20,
      pid: 101,
      isAlive: (pid) => pid === 303 && alive,
      onWait: (h) => waitedFor.push(h.pid),
    });
    expect(waitedFor).toEqual([303]);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: 101 });
  });

  it('gives up after the bound, naming the holder, and leaves its lock alone', async () => {
    const dir = folder();
    holder(dir, 404);
    const started = Date.now();
    const attempt = lockDataDir(dir, { waitMs: 300, pollMs: 20, pid: 101, isAlive: () => true });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(/in use by process 404/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 404 });
  });

  it('treats a lock on another host as live while it is touched, stale once it is not', async () => {
    const dir = folder();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(
      file,
      JSON.stringify({ pid: 505, host: 'another-container', since: '2026-01-01T00:00:00Z' }),
    );
    await expect(
      lockDataDir(dir, { waitMs: 100, pollMs: 20, pid: 101, isAlive: () => false }),
    ).rejects.toThrow(/process 505 on another-container/);
    // A holder that stopped touching it a minute ago (or a pid reused after a reboot) is gone.
    const old = new Date(Date.now() - 2 * 60_000);
    utimesSync(file, old, old);
    const lock = await lockDataDir(dir, { waitMs: 0, pid: 101, isAlive: () => true });
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: 101 });
    lock.release();
  });

  it('lets one of two openers in at a time (the real process check)', async () => {
    const dir = folder();
    const first = await lockDataDir(dir, { waitMs: 0 });
    // The same process opening again (a reopen after a failed open) is let in.
    const again = await lockDataDir(dir, { waitMs: 0 });
    expect(again.file).toBe(first.file);
    // Another live process (this test's parent) is waited for, then refused.
    await expect(lockDataDir(dir, { waitMs: 100, pollMs: 20, pid: process.ppid })).rejects.toThrow(
      new RegExp(`process ${process.pid}`),
    );
    first.release();
    const other = await lockDataDir(dir, { waitMs: 0, pid: process.ppid });
    other.release();
  });
});

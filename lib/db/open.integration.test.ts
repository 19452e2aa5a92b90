import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseGeneration } from './generation';
import { openDatabase } from './open';

const FIXTURE = path.resolve(__dirname, '..', '..', '..', 'shared', 'fixtures', 'pglite-unclean-stop.tar.gz');

/** The fixture's folder (a real PGlite folder that aborts on open) as `dataDir/pglite`. */
function unreadableFolderIn(dataDir: string): void {
  const unpacked = mkdtempSync(path.join(tmpdir(), 'am-fixture-'));
  execFileSync('tar', ['xzf', FIXTURE, '-C', unpacked]);
  rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  cpSync(path.join(unpacked, 'corrupt'), path.join(dataDir, 'pglite'), { recursive: true });
}

describe.skipIf(!existsSync(FIXTURE))(
  'the embedded database after an unreadable folder (real PGlite)',
  () => {
    it('restores the newest snapshot, renews the generation and keeps the unreadable folder', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'am-open-'));
      const first = await openDatabase({ dataDir });
      const generation = await databaseGeneration(first.db);
      await sql`insert into server_meta (key, value) values ('kept', 'before the snapshot')`.execute(
        first.db,
      );
      await first.close({ snapshot: true });
      expect(readdirSync(path.join(dataDir, 'snapshots'))).toHaveLength(1);

      unreadableFolderIn(dataDir);
      const files = readdirSync(path.join(dataDir, 'pglite'), { recursive: true }).length;
      const second = await openDatabase({ dataDir });
      try {
        expect(second.recovery).toMatchObject({ reason: 'snapshot_restored' });
        const kept = await second.db
          .selectFrom('server_meta')
          .select('value')
          .where('key', '=', 'kept')
          .executeTakeFirst();
        expect(kept?.value).toBe('before the snapshot');
        expect(await databaseGeneration(second.db)).not.toBe(generation);
        expect(readdirSync(second.recovery!.movedAside, { recursive: true }).length).toBeGreaterThanOrEqual(
          files,
        );
      } finally {
        await second.close();
      }
      // A restart still reports the recovery while the moved-aside folder is there.
      const third = await openDatabase({ dataDir });
      expect(third.recovery).toMatchObject({ reason: 'snapshot_restored' });
      await third.close();
    }, 120_000);

    it('starts empty without a snapshot, and a second opener in this process is let in only after close', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'am-open-'));
      unreadableFolderIn(dataDir);
      const open = await openDatabase({ dataDir });
      expect(open.recovery).toMatchObject({ reason: 'started_empty' });
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      await open.close();
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    }, 120_000);
  },
);

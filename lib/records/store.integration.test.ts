import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { animeById } from '@/e2e/fake-upstream/fixtures.mjs';
import { toAnimeDetails } from '@/lib/jikan/mappers';
import { jikanAnimeSchema } from '@/lib/jikan/schemas';
import { testAnime } from '@/lib/jikan/test-anime';
import type { AnimeDetails } from '@/lib/jikan/types';
import { describeOnBothEngines } from '@/test/support/postgres-suite';
import {
  boundRecord,
  MAX_LIST,
  MAX_TEXT,
  readRecord,
  readRecords,
  saveRecords,
  saveTranslation,
  sourceDigest,
  storedTranslation,
} from './store';

/** The durable store against the embedded PGlite and a real Postgres (a throwaway cluster). */

/** Mushishi as the anime database answers it (the fake upstream's record), mapped as the app maps it. */
function mushishi(): AnimeDetails {
  const raw = jikanAnimeSchema.parse(animeById(457, { origin: 'http://fake.test', full: true }));
  return toAnimeDetails(raw);
}

/** A record with every string and list at (or over) its bound. */
function largest(id: number): AnimeDetails {
  const long = (n: number) => 'x'.repeat(n);
  const base = mushishi();
  return {
    ...base,
    id,
    synopsis: long(MAX_TEXT * 2),
    titles: Array.from({ length: MAX_LIST * 2 }, (_, i) => ({ type: 'Synonym', title: `${long(200)} ${i}` })),
    genres: Array.from({ length: MAX_LIST * 2 }, (_, i) => `Genre ${i}`),
    studios: Array.from({ length: MAX_LIST * 2 }, (_, i) => `Studio ${long(60)} ${i}`),
    externalLinks: Array.from({ length: MAX_LIST * 2 }, (_, i) => ({
      name: `Link ${i}`,
      url: `https://example.com/${long(150)}/${i}`,
    })),
  };
}

const at = (iso: string) => new Date(iso);

describeOnBothEngines('anime record store', (database) => {
  it('writes a full record and reads it back with its fetch time', async () => {
    const record = mushishi();
    await saveRecords(database.db, 'full', [record], at('2026-11-20T10:00:00Z'));
    const stored = await readRecord(database.db, 457);
    expect(stored).toMatchObject({ id: 457, kind: 'full', translations: {} });
    expect(stored?.fetchedAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(stored?.record).toEqual(JSON.parse(JSON.stringify(record)));
    expect(await readRecord(database.db, 424242)).toBeNull();
  });

  it('a newer full record replaces the row; an older one arriving late does not', async () => {
    const record = { ...mushishi(), id: 1001 };
    await saveRecords(database.db, 'full', [{ ...record, score: 8.1 }], at('2026-11-20T10:00:00Z'));
    await saveRecords(database.db, 'full', [{ ...record, score: 8.3 }], at('2026-11-22T10:00:00Z'));
    await saveRecords(database.db, 'full', [{ ...record, score: 7.0 }], at('2026-11-21T10:00:00Z'));
    const stored = await readRecord(database.db, 1001);
    expect(stored?.record).toMatchObject({ score: 8.3 });
    expect(stored?.fetchedAt.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('a listing row never overwrites a full record, even a newer one; a full record replaces a listing row', async () => {
    const record = { ...mushishi(), id: 1002 };
    await saveRecords(database.db, 'full', [record], at('2026-11-20T10:00:00Z'));
    const listed = testAnime({ id: 1002, title: 'Listed', score: 1 });
    await saveRecords(database.db, 'listing', [listed], at('2026-11-23T10:00:00Z'));
    let stored = await readRecord(database.db, 1002);
    expect(stored).toMatchObject({ kind: 'full', record: { title: 'Mushishi', studios: ['Studio Deen'] } });

    await saveRecords(
      database.db,
      'listing',
      [testAnime({ id: 1003, title: 'First' })],
      at('2026-11-20T10:00:00Z'),
    );
    await saveRecords(
      database.db,
      'listing',
      [testAnime({ id: 1003, title: 'Second' })],
      at('2026-11-21T10:00:00Z'),
    );
    stored = await readRecord(database.db, 1003);
    expect(stored).toMatchObject({ kind: 'listing', record: { title: 'Second' } });
    await saveRecords(database.db, 'full', [{ ...record, id: 1003 }], at('2026-11-19T10:00:00Z'));
    stored = await readRecord(database.db, 1003);
    expect(stored).toMatchObject({ kind: 'full', record: { title: 'Mushishi' } });
  });

  it('keeps one translation per language, replaced, and through record updates', async () => {
    const record = { ...mushishi(), id: 1004 };
    await saveRecords(database.db, 'full', [record], at('2026-11-20T10:00:00Z'));
    await saveTranslation(database.db, 1004, 'pt', {
      source: sourceDigest('old text'),
      paragraphs: ['velho'],
    });
    await saveTranslation(database.db, 1004, 'pt', {
      source: sourceDigest('new text'),
      paragraphs: ['novo'],
    });
    await saveRecords(database.db, 'full', [{ ...record, score: 9 }], at('2026-11-21T10:00:00Z'));
    const stored = await readRecord(database.db, 1004);
    expect(stored?.translations).toEqual({
      pt: { source: sourceDigest('new text'), paragraphs: ['novo'] },
    });
    expect(storedTranslation(stored, 'pt', 'new text')).toEqual(['novo']);
    // A changed synopsis no longer matches its old translation.
    expect(storedTranslation(stored, 'pt', 'old text')).toBeNull();
    // A translation of a record never stored is not kept (it has no row to belong to).
    await saveTranslation(database.db, 1005, 'pt', { source: sourceDigest('x'), paragraphs: ['y'] });
    expect(await readRecord(database.db, 1005)).toBeNull();
  });

  it('a listing page is written in one batch, an anime listed twice in it once', async () => {
    await saveRecords(
      database.db,
      'listing',
      [
        testAnime({ id: 1010, title: 'Ten' }),
        testAnime({ id: 1011, title: 'Eleven' }),
        testAnime({ id: 1010, title: 'Ten again' }),
      ],
      at('2026-11-22T10:00:00Z'),
    );
    expect(await readRecord(database.db, 1010)).toMatchObject({ record: { title: 'Ten again' } });
    expect(await readRecord(database.db, 1011)).toMatchObject({ record: { title: 'Eleven' } });
  });

  it('one row per anime, and every row within its bound', async () => {
    for (let i = 0; i < 5; i += 1) {
      await saveRecords(database.db, 'full', [largest(1006)], at(`2026-11-2${i}T10:00:00Z`));
      await saveRecords(database.db, 'listing', [testAnime({ id: 1006 })], at(`2026-11-2${i}T11:00:00Z`));
    }
    await saveTranslation(database.db, 1006, 'pt', {
      source: sourceDigest('x'),
      paragraphs: Array.from({ length: MAX_LIST * 2 }, () => 'y'.repeat(MAX_TEXT * 2)),
    });
    const { rows } = await sql<{ count: number | string }>`
        select count(*) as count from anime_records where anime_id = 1006`.execute(database.db);
    expect(Number(rows[0]!.count)).toBe(1);
    const size = async (id: number) =>
      Number(
        (
          await sql<{ bytes: number | string }>`
              select octet_length(record::text) + octet_length(translations::text) as bytes
              from anime_records where anime_id = ${id}`.execute(database.db)
        ).rows[0]!.bytes,
      );
    const stored = await readRecord(database.db, 1006);
    expect(stored?.record).toEqual(JSON.parse(JSON.stringify(boundRecord(largest(1006)))));
    const typical = await size(457);
    const large = await size(1006);
    console.info(`[records] ${database.engine}: typical row ${typical} bytes, largest row ${large} bytes`);
    expect(typical).toBeLessThan(8_000);
    // Every list and string cut to its bound: about 40 KB of record and 12 KB of translation.
    expect(large).toBeLessThan(64_000);
  });

  it('reads the records of several anime in one query, skipping those never stored', async () => {
    await saveRecords(database.db, 'full', [{ ...mushishi(), id: 1008 }], at('2026-11-20T10:00:00Z'));
    await saveRecords(
      database.db,
      'listing',
      [testAnime({ id: 1009, title: 'Listed', rating: 'Rx - Hentai' })],
      at('2026-11-20T10:00:00Z'),
    );
    const found = await readRecords(database.db, [1008, 1009, 424242, 1008]);
    expect([...found.keys()].sort()).toEqual([1008, 1009]);
    expect(found.get(1008)?.record).toMatchObject({ title: 'Mushishi' });
    expect(found.get(1009)).toMatchObject({
      kind: 'listing',
      record: { title: 'Listed', rating: 'Rx - Hentai' },
    });
    expect((await readRecords(database.db, [])).size).toBe(0);
  });

  it('reads what it wrote after a restart', async () => {
    await saveRecords(database.db, 'full', [{ ...mushishi(), id: 1007 }], at('2026-11-20T10:00:00Z'));
    await saveTranslation(database.db, 1007, 'pt', { source: sourceDigest('s'), paragraphs: ['p'] });
    await database.restart();
    const stored = await readRecord(database.db, 1007);
    expect(stored).toMatchObject({
      kind: 'full',
      record: { title: 'Mushishi' },
      translations: { pt: { paragraphs: ['p'] } },
    });
  }, 60_000);
});

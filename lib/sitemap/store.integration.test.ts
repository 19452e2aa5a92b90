/**
 * The sitemap's read of the durable store (lib/records/store.ts readAdultFactsPage) against the
 * embedded PGlite, in memory: what it reads is what the adult gate needs, page by page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAnime } from '@/lib/jikan/test-anime';
import { readAdultFactsPage, saveRecords } from '@/lib/records/store';
import { memoryDatabase } from '@/test/support/database';
import { safeIdsOf } from './parts';

describe('the sitemap over stored records (PGlite)', () => {
  const open = memoryDatabase();

  beforeAll(async () => {
    const at = new Date();
    await saveRecords(
      open().db,
      'listing',
      [
        testAnime({ id: 20, rating: 'PG-13 - Teens 13 or older', genres: ['Action', 'Martial Arts'] }),
        testAnime({ id: 30, rating: 'Rx - Hentai', genres: ['Hentai'] }),
        testAnime({ id: 40, rating: 'PG-13 - Teens 13 or older', genres: ['Ecchi'] }),
        testAnime({ id: 50, rating: null, genres: [] }),
      ],
      at,
    );
  });

  it('reads the id, rating and genres in id order, page by page', async () => {
    expect(await readAdultFactsPage(open().db, 0, 2)).toEqual([
      { id: 20, rating: 'PG-13 - Teens 13 or older', genres: ['Action', 'Martial Arts'] },
      { id: 30, rating: 'Rx - Hentai', genres: ['Hentai'] },
    ]);
    expect((await readAdultFactsPage(open().db, 30, 10)).map((facts) => facts.id)).toEqual([40, 50]);
    expect(await readAdultFactsPage(open().db, 50, 10)).toEqual([]);
  });

  it('lists only the records safe for anyone', async () => {
    expect(safeIdsOf(await readAdultFactsPage(open().db, 0, 100))).toEqual([20, 50]);
  });
});

import { describe, expect, it } from 'vitest';
import { kitsuAnswer, KITSU_FAN } from '../../e2e/fake-upstream/trackers.mjs';
import { libraryPageSchema, libraryQuery, mapKitsuEntries, usersSchema } from './schema';

const origin = 'http://kitsu.test';
function get(path: string) {
  const url = new URL(`${origin}/${path}`);
  return kitsuAnswer(url.pathname, url.searchParams, origin);
}

describe('Kitsu library-entries', () => {
  it('finds the user, then maps statuses, progress, ratingTwenty, notes and the MyAnimeList mapping', () => {
    const [, users] = get(`users?filter[name]=${KITSU_FAN}`);
    const userId = usersSchema.parse(users).data[0]?.id ?? '';
    const [status, body] = get(libraryQuery(userId, 0));
    expect(status).toBe(200);
    const entries = mapKitsuEntries(libraryPageSchema.parse(body));
    const byTitle = new Map(entries.map((entry) => [entry.title, entry]));
    expect(byTitle.get('Naruto')).toMatchObject({
      id: 20,
      list: 'WATCHING',
      progress: 100,
      rating: 5,
      opinion: 'Dattebayo!',
    });
    // A rewatch is `current` with reconsuming.
    expect(byTitle.get('Cowboy Bebop')).toMatchObject({ id: 1, list: 'WATCHING', rating: 4 });
    expect(byTitle.get('Death Note')).toMatchObject({
      list: 'COMPLETED',
      finishedAt: '2020-02-10',
      rating: 5,
    });
    expect(byTitle.get('Sousou no Frieren')).toMatchObject({ list: 'PLAN_TO_WATCH', rating: 0 });
    expect(byTitle.get('Shingeki no Kyojin')).toMatchObject({ list: 'DROPPED', rating: 2 });
    expect(byTitle.get('One Piece')).toMatchObject({ list: 'ON_HOLD', progress: 500 });
    // Only an AniDB mapping: no MyAnimeList id.
    expect(byTitle.get('Only On The Tracker')).toMatchObject({ id: null, rating: 4 });
    expect(byTitle.get('Secret Adult Title')).toMatchObject({ id: null, adult: true });
  });

  it('accepts nulls and entries whose anime was not included', () => {
    const entries = mapKitsuEntries(
      libraryPageSchema.parse({
        data: [
          {
            id: '1',
            type: 'libraryEntries',
            attributes: { status: null, progress: null, ratingTwenty: null, notes: null, updatedAt: null },
            relationships: { anime: { data: { type: 'anime', id: '9' } } },
          },
          { id: '2', type: 'libraryEntries', attributes: null, relationships: null },
        ],
        included: null,
        meta: null,
        links: null,
      }),
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      id: null,
      title: null,
      list: null,
      rating: 0,
      progress: 0,
      opinion: '',
    });
  });

  it('refuses a page limit over 500 as Kitsu does, and pages with offsets', () => {
    expect(get('library-entries?filter[userId]=42&filter[kind]=anime&page[limit]=501')[0]).toBe(400);
    const [, users] = get('users?filter[name]=kitsu-big-700');
    const userId = usersSchema.parse(users).data[0]?.id ?? '';
    const second = libraryPageSchema.parse(get(libraryQuery(userId, 500))[1]);
    expect(second.data).toHaveLength(200);
    expect(second.meta?.count).toBe(700);
  });
});

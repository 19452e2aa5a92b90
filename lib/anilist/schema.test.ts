import { describe, expect, it } from 'vitest';
import { anilistAnswer, ANILIST_FAN } from '../../e2e/fake-upstream/trackers.mjs';
import { anilistFailure, answerSchema, mapAnilistEntries, MEDIA_LIST_QUERY } from './schema';

const ask = (userName: string, chunk = 1) =>
  anilistAnswer({ query: MEDIA_LIST_QUERY, variables: { userName, chunk, perChunk: 500 } });

describe('AniList MediaListCollection', () => {
  it('maps each status, progress, POINT_100 score, notes and dates; a custom list never repeats an entry', () => {
    const [status, body] = ask(ANILIST_FAN);
    const answer = answerSchema.parse(body);
    expect(anilistFailure(answer, status)).toBeNull();
    const collection = answer.data?.MediaListCollection;
    if (!collection) throw new Error('no collection');
    const entries = mapAnilistEntries(collection);
    expect(entries).toHaveLength(8);
    const byTitle = new Map(entries.map((entry) => [entry.title, entry]));
    expect(byTitle.get('Naruto')).toMatchObject({
      id: 20,
      list: 'WATCHING',
      progress: 100,
      rating: 5,
      opinion: 'Dattebayo!',
      startedAt: '2021-03-04',
      updatedAt: '2023-11-14T22:13:20.000Z',
    });
    expect(byTitle.get('Cowboy Bebop')).toMatchObject({ id: 1, list: 'WATCHING', rating: 4 });
    expect(byTitle.get('Death Note')).toMatchObject({
      list: 'COMPLETED',
      rating: 5,
      startedAt: '2020-01-01',
      finishedAt: '2020-02-10',
    });
    expect(byTitle.get('Sousou no Frieren')).toMatchObject({ list: 'PLAN_TO_WATCH', rating: 0 });
    expect(byTitle.get('Shingeki no Kyojin')).toMatchObject({ list: 'DROPPED', rating: 2, progress: 5 });
    expect(byTitle.get('One Piece')).toMatchObject({
      list: 'ON_HOLD',
      progress: 500,
      opinion: 'Pausado em Wano',
    });
    expect(byTitle.get('Only On The Tracker')).toMatchObject({ id: null, type: 'ONA' });
    expect(byTitle.get('Secret Adult Title')).toMatchObject({ id: null, adult: true });
  });

  it('accepts nulls anywhere an entry may have them', () => {
    const answer = answerSchema.parse({
      data: {
        MediaListCollection: {
          user: null,
          hasNextChunk: null,
          lists: [
            null,
            {
              isCustomList: null,
              entries: [
                null,
                {
                  status: null,
                  progress: null,
                  notes: null,
                  updatedAt: null,
                  score: null,
                  startedAt: null,
                  completedAt: { year: null, month: null, day: null },
                  media: { id: 5, idMal: null, episodes: null, format: null, isAdult: null, title: null },
                },
              ],
            },
          ],
        },
      },
    });
    const collection = answer.data?.MediaListCollection;
    if (!collection) throw new Error('no collection');
    expect(mapAnilistEntries(collection)).toEqual([
      {
        id: null,
        title: null,
        list: null,
        rating: 0,
        opinion: '',
        progress: 0,
        episodes: null,
        type: null,
        startedAt: null,
        finishedAt: null,
        updatedAt: null,
        adult: false,
      },
    ]);
  });

  it('tells a private profile from an unknown user', () => {
    const [privateStatus, privateBody] = ask('ani-private');
    expect(anilistFailure(answerSchema.parse(privateBody), privateStatus)).toBe('private');
    const [unknownStatus, unknownBody] = ask('nobody-here');
    expect(anilistFailure(answerSchema.parse(unknownBody), unknownStatus)).toBe('unknown-user');
  });

  it('pages a long list in chunks of 500', () => {
    const [, first] = ask('ani-big-1200', 1);
    const [, last] = ask('ani-big-1200', 3);
    const one = answerSchema.parse(first).data?.MediaListCollection;
    const three = answerSchema.parse(last).data?.MediaListCollection;
    expect(one?.hasNextChunk).toBe(true);
    expect(three?.hasNextChunk).toBe(false);
    expect(one && mapAnilistEntries(one)).toHaveLength(500);
    expect(three && mapAnilistEntries(three)).toHaveLength(200);
    expect(one?.user?.statistics?.anime?.count).toBe(1200);
  });
});

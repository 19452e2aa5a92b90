import 'server-only';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/errors';
import { serviceDown, trackerFetch, trackerJson } from '@/lib/tracker-import/upstream';
import { TRACKER_PAGE_SIZE, type TrackerPage } from '@/lib/tracker-import/types';
import { anilistFailure, answerSchema, mapAnilistEntries, MEDIA_LIST_QUERY } from './schema';

/**
 * AniList's GraphQL API (ANILIST_GRAPHQL_URL): one chunk of a user's public anime list per call,
 * chunks of 500 from 1 while `hasNextChunk`. Fails only with AppError: NOT_FOUND (no such user),
 * PRIVATE_LIST, RATE_LIMITED, UPSTREAM_ERROR / UPSTREAM_TIMEOUT, INVALID_RESPONSE.
 */
export async function fetchAnilistChunk(userName: string, chunk: number): Promise<TrackerPage> {
  const response = await trackerFetch('anilist', serverEnv().ANILIST_GRAPHQL_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      query: MEDIA_LIST_QUERY,
      variables: { userName, chunk, perChunk: TRACKER_PAGE_SIZE },
    }),
  });
  if (response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    throw serviceDown(response);
  }
  const body = await trackerJson(response);
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('INVALID_RESPONSE', undefined, {
      cause: parsed.error,
      upstreamStatus: response.status,
    });
  }
  const failure = anilistFailure(parsed.data, response.status);
  if (failure === 'private') throw new AppError('PRIVATE_LIST');
  if (failure === 'unknown-user') throw new AppError('NOT_FOUND');
  const collection = parsed.data.data?.MediaListCollection;
  if (!response.ok) throw serviceDown(response);
  if (!collection) throw new AppError('INVALID_RESPONSE', undefined, { upstreamStatus: response.status });
  const count = collection.user?.statistics?.anime?.count;
  return {
    user: collection.user?.name || userName,
    entries: mapAnilistEntries(collection),
    total: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    next: collection.hasNextChunk ? String(chunk + 1) : null,
  };
}

import 'server-only';
import { serverEnv } from '@/lib/env';
import { AppError } from '@/lib/server/errors';
import { TRACKER_PAGE_SIZE, type TrackerPage } from '@/lib/tracker-import/types';
import { serviceDown, trackerFetch, trackerJson } from '@/lib/tracker-import/upstream';
import { libraryPageSchema, libraryQuery, mapKitsuEntries, usersSchema } from './schema';

/**
 * Kitsu's JSON:API (KITSU_BASE_URL). The first page finds the user by name (a second call); its
 * cursor `{userId}:{offset}` lets the next pages skip that. Fails only with AppError: NOT_FOUND (no
 * such user), PRIVATE_LIST (401/403 on the library), RATE_LIMITED, UPSTREAM_ERROR /
 * UPSTREAM_TIMEOUT, INVALID_RESPONSE.
 */

const HEADERS = { Accept: 'application/vnd.api+json' };

async function kitsuGet(path: string): Promise<{ status: number; body: unknown }> {
  const response = await trackerFetch('kitsu', `${serverEnv().KITSU_BASE_URL}/${path}`, { headers: HEADERS });
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => undefined);
    throw new AppError('PRIVATE_LIST');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw serviceDown(response);
  }
  return { status: response.status, body: await trackerJson(response) };
}

function invalid(status: number, cause: unknown): AppError {
  return new AppError('INVALID_RESPONSE', undefined, { cause, upstreamStatus: status });
}

/** A cursor of ours: `{userId}:{offset}`. */
export function parseKitsuCursor(cursor: string): { userId: string; offset: number } | null {
  const match = /^(\d{1,12}):(\d{1,7})$/.exec(cursor);
  return match?.[1] && match[2] ? { userId: match[1], offset: Number(match[2]) } : null;
}

export async function fetchKitsuPage(userName: string, cursor: string | null): Promise<TrackerPage> {
  let position = cursor ? parseKitsuCursor(cursor) : null;
  if (cursor && !position) throw new AppError('INVALID_INPUT');
  let name = userName;
  if (!position) {
    const found = await kitsuGet(
      `users?${new URLSearchParams({ 'filter[name]': userName, 'fields[users]': 'name' })}`,
    );
    const users = usersSchema.safeParse(found.body);
    if (!users.success) throw invalid(found.status, users.error);
    const user =
      users.data.data.find((item) => item.attributes?.name?.toLowerCase() === userName.toLowerCase()) ??
      users.data.data[0];
    if (!user || !/^\d{1,12}$/.test(user.id)) throw new AppError('NOT_FOUND');
    name = user.attributes?.name || userName;
    position = { userId: user.id, offset: 0 };
  }
  const answer = await kitsuGet(libraryQuery(position.userId, position.offset));
  const page = libraryPageSchema.safeParse(answer.body);
  if (!page.success) throw invalid(answer.status, page.error);
  const count = page.data.meta?.count;
  const nextOffset = position.offset + TRACKER_PAGE_SIZE;
  const more =
    page.data.data.length > 0 &&
    (typeof count === 'number' ? nextOffset < count : Boolean(page.data.links?.next));
  return {
    user: name,
    entries: mapKitsuEntries(page.data),
    total: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    next: more ? `${position.userId}:${nextOffset}` : null,
  };
}

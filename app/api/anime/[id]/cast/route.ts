// GET /api/anime/[id]/cast – the anime's characters with their voice actors and its key staff:
// { data: CastAnswer }. Two calls to the anime database at most (characters, staff), each kept
// for days in the hot cache and durably; a kept copy answers when the database cannot.
import type { NextRequest } from 'next/server';
import { getAnimeDetails, isAdultAnime } from '@/lib/jikan';
import { getCharacters, getStaff, type CastAnswer } from '@/lib/jikan/cast';
import { jikanDeadline } from '@/lib/jikan/client';
import { knownRecords } from '@/lib/jikan/related';
import { withClientBudget } from '@/lib/server/client-budget';
import { isAppError, isUpstreamUnavailable, toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow, privateJsonResponse } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

/** The record could not be had now (and so neither whether it is adult): said so, cached nowhere. */
const UNAVAILABLE: CastAnswer = { characters: null, staff: null };

/** The part's value; null when it cannot be had now; [] when the database has no such page. */
function settled<T>(result: PromiseSettledResult<T>): T | null | 'missing' {
  if (result.status === 'fulfilled') return result.value;
  const error = result.reason;
  if (isAppError(error, 'NOT_FOUND')) return 'missing';
  if (isUpstreamUnavailable(error)) return null;
  throw error;
}

export const GET = withRequestId(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ id: string }> },
) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const access = await getRequestAccess(request);
    const answer = await withClientBudget(
      request,
      async (): Promise<{ data: CastAnswer; adult: boolean }> => {
        // The record the page was just rendered from, without a call when it is known.
        const record =
          (await knownRecords([id])).get(id)?.record ??
          (await getAnimeDetails(id).catch((error: unknown) => {
            // The database or this client's budget failed: that is no answer about the anime.
            if (isUpstreamUnavailable(error) || isAppError(error, 'TOO_MANY_REQUESTS')) return undefined;
            return null;
          }));
        // Whether it is adult cannot be known now (the offline catalogue's stand-in rarely knows).
        if (record === undefined || (record && 'offline' in record && record.offline && isAdultAnime(record)))
          return { data: UNAVAILABLE, adult: false };
        // Not a record Jikan has: treated as adult, answered nothing.
        const adult = !record || isAdultAnime(record);
        if (adult && !access.adult) return { data: { characters: null, staff: null, gated: true }, adult };
        const deadline = jikanDeadline();
        const [characters, staff] = await Promise.allSettled([
          getCharacters(id, deadline),
          getStaff(id, deadline),
        ]);
        const c = settled(characters);
        const s = settled(staff);
        const stale = [c, s]
          .flatMap((part) => (part && part !== 'missing' && part.stale ? [part.stale.fetchedAt] : []))
          .sort()[0];
        return {
          adult,
          data: {
            characters: c === 'missing' ? [] : (c?.characters ?? null),
            staff: s === 'missing' ? [] : (s?.staff ?? null),
            ...(stale ? { stale: { fetchedAt: stale } } : {}),
          },
        };
      },
    );
    const { data, adult } = answer;
    if (adult && access.adult) return privateJsonResponse({ data });
    const whole = data.characters !== null && data.staff !== null;
    return jsonResponse(
      { data },
      { shared: whole || !!data.gated, brief: !!data.stale, varyOnCredentials: adult },
    );
  } catch (error) {
    return toErrorResponse(error);
  }
});

// GET /api/anime/[id] – one anime's details ({ data: AnimeDetails }), a gated stub for an adult
// record asked by anyone without verified adult access ({ data: GatedAnime }), or a SPEC §8 error
import type { NextRequest } from 'next/server';
import { getAnimeDetails, isAdultAnime, toGatedAnime } from '@/lib/jikan';
import { withClientBudget } from '@/lib/server/client-budget';
import { toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow, privateJsonResponse } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

export const GET = withRequestId(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ id: string }> },
) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const data = await withClientBudget(request, () => getAnimeDetails(id));
    // An offline-catalogue stand-in is never kept by a shared cache; a stale stored copy (its
    // `stale.fetchedAt` says how old) for a second at most.
    const cacheRule = { shared: !data.offline, brief: !!data.stale };
    if (!isAdultAnime(data)) return jsonResponse({ data }, cacheRule);
    // An adult record (R+/Rx or an adult genre): the full answer only for a verified adult, and
    // never in a shared cache; everyone else gets the same stub (SPEC §6), which may be shared
    // (Vary keeps it from a signed-in caller).
    const access = await getRequestAccess(request);
    if (access.adult) return privateJsonResponse({ data });
    return jsonResponse({ data: toGatedAnime(data) }, { ...cacheRule, varyOnCredentials: true });
  } catch (error) {
    return toErrorResponse(error);
  }
});

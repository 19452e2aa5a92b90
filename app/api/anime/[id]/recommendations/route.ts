// GET /api/anime/[id]/recommendations – what fans recommend beside one anime
// ({ data: RecommendationsAnswer }), gated for the caller; never a 5xx for upstream trouble
import type { NextRequest } from 'next/server';
import { getAnimeRecommendations } from '@/lib/jikan/recommendations';
import { withClientBudget } from '@/lib/server/client-budget';
import { toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

export const GET = withRequestId(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ id: string }> },
) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const access = await getRequestAccess(request);
    const data = await withClientBudget(request, () => getAnimeRecommendations(id, access));
    // "Not yet" and "cannot now" are no answer for a CDN to keep; a stale copy, or a partial list
    // (records being learnt, one per request), for a second at most: the next visit sees more.
    return jsonResponse(
      { data },
      {
        shared: !access.verified && !data.pending && !data.unavailable,
        personal: access.verified,
        brief: !!data.stale || !!data.partial,
        varyOnCredentials: true,
      },
    );
  } catch (error) {
    return toErrorResponse(error);
  }
});

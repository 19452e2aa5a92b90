// GET /api/anime/[id]/franchise – the anime's franchise in watch order and the cards of the anime
// it relates to directly: { data: FranchiseAnswer }. Each request takes at most one new record
// from the anime database, only when the limiter has room (lib/jikan/related.ts).
import type { NextRequest } from 'next/server';
import { getAnimeDetails, isAdultAnime } from '@/lib/jikan';
import { franchiseAnswer, visibleRelatives, type FranchiseAnswer } from '@/lib/jikan/related';
import { withClientBudget } from '@/lib/server/client-budget';
import { isUpstreamUnavailable, toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow, privateJsonResponse } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

/** Nothing stored, and the anime database cannot answer now: said so, and kept by no cache. */
const UNAVAILABLE: FranchiseAnswer = { entries: [], complete: false, related: [], unavailable: true };

export const GET = withRequestId(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ id: string }> },
) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const access = await getRequestAccess(request);
    const answer = await withClientBudget(request, async (): Promise<FranchiseAnswer | null> => {
      const anime = await getAnimeDetails(id);
      // The offline catalogue's stand-in: neither its relations nor (often) its rating are known,
      // so neither a franchise nor 'adult' can be answered from it.
      if (anime.offline) return UNAVAILABLE;
      // An adult record's relatives are for a verified adult only, like the record (SPEC §6).
      if (isAdultAnime(anime) && !access.adult) return null;
      return franchiseAnswer(anime);
    });
    if (answer?.unavailable) return jsonResponse({ data: answer }, { shared: false });
    if (!answer) {
      return jsonResponse(
        { data: { entries: [], complete: true, related: [] } },
        { shared: true, varyOnCredentials: true },
      );
    }
    const data = visibleRelatives(answer, access.adult);
    const personal =
      data.entries.length !== answer.entries.length || data.related.length !== answer.related.length;
    const hasAdult = [...answer.entries, ...answer.related].some((card) => card.adult);
    // What was shown because of who asked never reaches a shared cache.
    if (access.adult && hasAdult) return privateJsonResponse({ data });
    // An incomplete franchise grows with each visit: no shared cache holds it.
    return jsonResponse(
      { data },
      { shared: data.complete && !data.stale, varyOnCredentials: personal || hasAdult },
    );
  } catch (error) {
    if (isUpstreamUnavailable(error)) {
      return jsonResponse({ data: UNAVAILABLE }, { shared: false });
    }
    return toErrorResponse(error);
  }
});

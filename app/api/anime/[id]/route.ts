// GET /api/anime/[id] – one anime's details ({ data: AnimeDetails }), or a SPEC §8 error
import type { NextRequest } from 'next/server';
import { gateDetails } from '@/lib/detail/view';
import { getAnimeDetails, isAdultAnime } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const details = await getAnimeDetails(id);
    // Most records are the same for everyone. An adult one (R+/Rx or an adult genre) is sent in
    // full only to a verified adult, privately; everyone else gets its gated form (SPEC §6).
    if (!isAdultAnime(details)) return jsonResponse({ data: details }, { shared: true });
    const access = await getRequestAccess(request);
    const response = jsonResponse(
      { data: gateDetails(details, access) },
      { shared: !access.verified, personal: access.verified },
    );
    response.headers.set('Vary', 'Authorization');
    return response;
  } catch (error) {
    return toErrorResponse(error);
  }
}

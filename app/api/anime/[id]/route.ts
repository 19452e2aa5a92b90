// GET /api/anime/[id] – one anime's details ({ data: AnimeDetails }), or a SPEC §8 error
import type { NextRequest } from 'next/server';
import { getAnimeDetails } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { animeIdParam, jsonResponse, parseOrThrow } from '@/lib/server/http';

export const dynamic = 'force-dynamic';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  try {
    const id = parseOrThrow(animeIdParam, (await params).id, 'INVALID_ID');
    const data = await getAnimeDetails(id);
    // Details are not filtered by access (the page shows its adult-content banner instead), so
    // the same answer serves everyone; an offline-catalogue stand-in (issue 13) is not kept.
    return jsonResponse({ data }, { shared: !data.offline });
  } catch (error) {
    return toErrorResponse(error);
  }
}

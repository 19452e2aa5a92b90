// GET /api/anime/popular?page&limit&genres – one page of TV anime by popularity (AnimePage)
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { getPopularAnime, stopgapError } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { listingResponse, limitParam, pageParam, parseQuery, textParam } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';

export const dynamic = 'force-dynamic';

// genres: comma-separated MyAnimeList genre ids; anything else is dropped in lib/jikan.
const querySchema = z.object({ page: pageParam, limit: limitParam, genres: textParam() });

export async function GET(request: NextRequest) {
  try {
    const query = parseQuery(request, querySchema);
    const access = await getRequestAccess(request);
    const page = await getPopularAnime(query, access);
    return listingResponse(page, stopgapError(page), access);
  } catch (error) {
    return toErrorResponse(error);
  }
}

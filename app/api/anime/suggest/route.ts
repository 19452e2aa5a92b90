// GET /api/anime/suggest?q – up to 5 search-bar suggestions (AnimePage; empty below 2 characters)
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { stopgapError, suggestAnime } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { listingResponse, parseQuery, textParam } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ q: textParam() });

export async function GET(request: NextRequest) {
  try {
    const { q } = parseQuery(request, querySchema);
    const access = await getRequestAccess(request);
    const page = await suggestAnime(q ?? '', access);
    return listingResponse(page, stopgapError(page), access);
  } catch (error) {
    return toErrorResponse(error);
  }
}

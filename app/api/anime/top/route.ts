// GET /api/anime/top?page&limit – one page of the most popular TV anime of all time (AnimePage)
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { getTopAnime, stopgapError } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { listingResponse, limitParam, pageParam, parseQuery } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ page: pageParam, limit: limitParam });

export async function GET(request: NextRequest) {
  try {
    const query = parseQuery(request, querySchema);
    const access = await getRequestAccess(request);
    const page = await getTopAnime(query, access);
    return listingResponse(page, stopgapError(page), access);
  } catch (error) {
    return toErrorResponse(error);
  }
}

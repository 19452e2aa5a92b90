// GET /api/anime/search?q&page&order_by&sort&genres&type&status – one page of search results (AnimePage)
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { searchAnime, stopgapError } from '@/lib/jikan';
import { toErrorResponse } from '@/lib/server/errors';
import { listingResponse, pageParam, parseQuery, textParam } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';

export const dynamic = 'force-dynamic';

// order_by, sort, type, status and genres are whitelisted in lib/jikan; unknown values are dropped.
const querySchema = z.object({
  q: textParam(),
  page: pageParam,
  order_by: textParam(50),
  sort: textParam(50),
  genres: textParam(),
  type: textParam(50),
  status: textParam(50),
});

export async function GET(request: NextRequest) {
  try {
    const query = parseQuery(request, querySchema);
    const access = await getRequestAccess(request);
    const page = await searchAnime(
      {
        q: query.q ?? '',
        page: query.page,
        orderBy: query.order_by,
        sort: query.sort,
        genres: query.genres,
        type: query.type,
        status: query.status,
      },
      access,
    );
    return listingResponse(page, stopgapError(page), access);
  } catch (error) {
    return toErrorResponse(error);
  }
}

// GET /api/anime/search?q&page&order_by&sort&genres&type&status – one page of search results (AnimePage)
import { z } from 'zod';
import { searchAnime } from '@/lib/jikan';
import { pageParam, textParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

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

export const GET = listingRoute(querySchema, (query, access) =>
  searchAnime(
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
  ),
);

// GET /api/anime/browse?genres&exclude&type&status&year&season&min_score&sort&page – one page of
// the catalogue browsed with filters (AnimePage); values are read as /browse reads them.
import { z } from 'zod';
import { parseBrowseParams, seasonAt } from '@/lib/discovery/browse-params';
import { browseArguments } from '@/lib/discovery/listings';
import { browseAnime } from '@/lib/jikan/browse';
import { textParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  genres: textParam(200),
  exclude: textParam(200),
  type: textParam(16),
  status: textParam(16),
  year: textParam(8),
  season: textParam(16),
  min_score: textParam(8),
  sort: textParam(16),
  page: textParam(8),
});

export const GET = listingRoute(querySchema, (query, access) => {
  const state = parseBrowseParams(query, seasonAt(new Date()));
  return browseAnime(browseArguments(state), access);
});

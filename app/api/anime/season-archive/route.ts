// GET /api/anime/season-archive?year&season&page&limit – one page of one season of the archive (AnimePage)
import { z } from 'zod';
import { parseSeasonSegments, seasonAt } from '@/lib/discovery/browse-params';
import { getSeasonArchive } from '@/lib/jikan/browse';
import { AppError } from '@/lib/server/errors';
import { limitParam, pageParam, textParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  year: textParam(8),
  season: textParam(16),
  page: pageParam,
  limit: limitParam,
});

export const GET = listingRoute(querySchema, (query, access) => {
  const season = parseSeasonSegments(query.year ?? '', query.season ?? '', seasonAt(new Date()));
  if (!season) throw new AppError('INVALID_INPUT', 'Parâmetros inválidos: year, season.');
  return getSeasonArchive({ ...season, page: query.page, limit: query.limit }, access);
});

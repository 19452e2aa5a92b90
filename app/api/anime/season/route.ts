// GET /api/anime/season?page&limit – one page of this season's TV anime (AnimePage)
import { z } from 'zod';
import { getSeasonNow } from '@/lib/jikan';
import { limitParam, pageParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

export const GET = listingRoute(z.object({ page: pageParam, limit: limitParam }), (query, access) =>
  getSeasonNow(query, access),
);

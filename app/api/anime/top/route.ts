// GET /api/anime/top?page&limit – one page of the most popular TV anime of all time (AnimePage)
import { z } from 'zod';
import { getTopAnime } from '@/lib/jikan';
import { limitParam, pageParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

export const GET = listingRoute(z.object({ page: pageParam, limit: limitParam }), (query, access) =>
  getTopAnime(query, access),
);

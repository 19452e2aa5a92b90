// GET /api/anime/popular?page&limit&genres – one page of TV anime by popularity (AnimePage)
import { z } from 'zod';
import { getPopularAnime } from '@/lib/jikan';
import { limitParam, pageParam, textParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

// genres: comma-separated MyAnimeList genre ids; anything else is dropped in lib/jikan.
export const GET = listingRoute(
  z.object({ page: pageParam, limit: limitParam, genres: textParam() }),
  (query, access) => getPopularAnime(query, access),
);

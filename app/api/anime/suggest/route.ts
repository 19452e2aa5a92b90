// GET /api/anime/suggest?q – up to 5 search-bar suggestions (AnimePage; empty below 2 characters)
import { z } from 'zod';
import { suggestAnime } from '@/lib/jikan';
import { textParam } from '@/lib/server/http';
import { listingRoute } from '@/lib/server/listing-route';

export const dynamic = 'force-dynamic';

export const GET = listingRoute(z.object({ q: textParam() }), ({ q }, access) =>
  suggestAnime(q ?? '', access),
);

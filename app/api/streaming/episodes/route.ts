// GET /api/streaming/episodes?id – the provider's episodes of one anime ({ data: Episode[] | null })
import type { NextRequest } from 'next/server';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { withClientBudget } from '@/lib/server/client-budget';
import { AppError, toErrorResponse } from '@/lib/server/errors';
import { jsonResponse } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { getEpisodesForAnime } from '@/lib/streaming/by-anime';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

export const GET = withRequestId(async function GET(request: NextRequest) {
  try {
    // By id only: the server takes the title from its own record of that id.
    const id = parseAnimeId(request.nextUrl.searchParams.get('id'));
    if (id === null) throw new AppError('INVALID_ID');
    const access = await getRequestAccess(request);
    // Upstream calls it starts (the record, the provider) are charged to the caller's budget.
    const data = await withClientBudget(request, () => getEpisodesForAnime(id, access));
    // null may mean "the provider is down", and an adult caller's answer is theirs alone.
    return jsonResponse({ data }, { shared: data !== null && !access.adult });
  } catch (error) {
    return toErrorResponse(error);
  }
});

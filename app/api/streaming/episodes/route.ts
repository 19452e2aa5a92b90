// GET /api/streaming/episodes?title – the provider's episodes for a title ({ data: Episode[] | null })
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { toErrorResponse } from '@/lib/server/errors';
import { jsonResponse, parseQuery, textParam } from '@/lib/server/http';
import { getStreamingEpisodes } from '@/lib/streaming';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ title: textParam() });

export async function GET(request: NextRequest) {
  try {
    const { title } = parseQuery(request, querySchema);
    const data = title ? await getStreamingEpisodes(title) : null;
    // null may mean "the provider is down": not worth pinning in a CDN.
    return jsonResponse({ data }, { shared: data !== null });
  } catch (error) {
    return toErrorResponse(error);
  }
}

// GET /api/import/{anilist|kitsu}?user=&cursor= – one page of a user's public anime list on that
// tracker, mapped to our terms ({ data: TrackerPage }); private, never stored by any cache
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { fetchAnilistChunk } from '@/lib/anilist';
import { fetchKitsuPage } from '@/lib/kitsu';
import { withClientBudget } from '@/lib/server/client-budget';
import { AppError, toErrorResponse } from '@/lib/server/errors';
import { jsonResponse, parseQuery, textParam } from '@/lib/server/http';
import { getRequestAccess } from '@/lib/server/request-auth';
import { isTracker, MAX_USER_NAME_LENGTH, type TrackerPage } from '@/lib/tracker-import/types';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  user: textParam(MAX_USER_NAME_LENGTH),
  cursor: z
    .string()
    .regex(/^[0-9:]{1,24}$/)
    .optional(),
});

export const GET = withRequestId(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ service: string }> },
) {
  try {
    const { service } = await params;
    if (!isTracker(service)) throw new AppError('NOT_FOUND');
    const { user, cursor } = parseQuery(request, querySchema);
    if (!user) throw new AppError('INVALID_INPUT');
    const access = await getRequestAccess(request);
    // Each call to the tracker takes one from the caller's budget (trackerFetch).
    const page: TrackerPage = await withClientBudget(request, () => {
      if (service === 'kitsu') return fetchKitsuPage(user, cursor ?? null);
      const chunk = cursor ? Number(cursor) : 1;
      if (!Number.isInteger(chunk) || chunk < 1 || chunk > 1000) throw new AppError('INVALID_INPUT');
      return fetchAnilistChunk(user, chunk);
    });
    // The adult gate: a title the tracker marks adult is named only to a verified adult.
    const entries = access.adult
      ? page.entries
      : page.entries.map((entry) => (entry.adult ? { ...entry, title: null } : entry));
    return jsonResponse({ data: { ...page, entries } }, { shared: false, personal: true });
  } catch (error) {
    return toErrorResponse(error);
  }
});

import 'server-only';
import type { z } from 'zod';
import { stopgapError } from '@/lib/jikan';
import type { AnimePage } from '@/lib/jikan/types';
import { withClientBudget } from './client-budget';
import { toErrorResponse } from './errors';
import { jsonResponse, parseQuery } from './http';
import { getRequestAccess, type RequestAccess } from './request-auth';
import { withRequestId } from './request-id';

/**
 * The GET handler of a listing route: parse the query with `schema`, load one page for this
 * visitor and answer it. A page standing in for a failed upstream call (lib/jikan answers an empty
 * one then, SPEC §8) is answered as that failure, so a client can show "could not load" with a
 * retry instead of "nothing found". Anonymous answers may be shared by a CDN; answers to a verified
 * identity are private, and `Vary` keeps a CDN from handing its anonymous copy to a signed-in
 * adult. Upstream calls the load starts are charged to the caller's budget (client-budget.ts).
 */
export function listingRoute<S extends z.ZodObject>(
  schema: S,
  load: (query: z.output<S>, access: RequestAccess) => Promise<AnimePage>,
) {
  return withRequestId(async function GET(request: Request): Promise<Response> {
    try {
      const query = parseQuery(request, schema);
      const access = await getRequestAccess(request);
      const page = await withClientBudget(request, () => load(query, access));
      const failure = stopgapError(page);
      if (failure) return toErrorResponse(failure);
      // An offline-catalogue answer stands in while the database is down: not for a CDN.
      return jsonResponse(page, {
        shared: !access.verified && !page.offline,
        personal: access.verified,
        varyOnCredentials: true,
      });
    } catch (error) {
      return toErrorResponse(error);
    }
  });
}

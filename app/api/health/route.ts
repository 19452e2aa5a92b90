// GET /api/health – liveness and readiness for load balancers, start:edge and systemd
import { checkReadiness } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

/**
 * 200 when this instance can serve (its database answers), 503 otherwise; never cached. The body
 * says what was checked: { status, database, redis, jikan: { lastAnswerAgeSeconds } }
 * (lib/server/readiness.ts). `status` is 'ok', 'degraded' (serving on a restored or empty
 * database: `database.reason` says which), 'stopping' or 'unavailable'. Answering at all is the
 * liveness.
 */
export async function GET() {
  const readiness = await checkReadiness();
  const { ready, degraded, stopping, ...checks } = readiness;
  const status = stopping ? 'stopping' : !ready ? 'unavailable' : degraded ? 'degraded' : 'ok';
  return Response.json(
    { status, ...checks },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

// GET /api/health – liveness and readiness for load balancers, start:edge and systemd
import { checkReadiness } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

/**
 * 200 when this instance can serve (its database answers), 503 otherwise; never cached. The body
 * says what was checked: { status, database, redis, jikan: { lastAnswerAgeSeconds } }
 * (lib/server/readiness.ts). Answering at all is the liveness.
 */
export async function GET() {
  const readiness = await checkReadiness();
  const { ready, ...checks } = readiness;
  return Response.json(
    { status: ready ? 'ok' : 'unavailable', ...checks },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

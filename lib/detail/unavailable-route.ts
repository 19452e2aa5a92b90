import 'server-only';
import { isLocale } from '@/lib/i18n/config';
import { parseUnavailableSegments, unavailableResponse, type UnavailableKind } from './status-page';

type Context = { params: Promise<{ locale: string; id: string; seconds: string }> };

/** The GET and HEAD handlers of the 503 page of one anime's page of `kind` (status-page.ts). */
export function unavailableRoute(kind: UnavailableKind) {
  return async function handler(request: Request, { params }: Context): Promise<Response> {
    const { locale, id: rawId, seconds: rawSeconds } = await params;
    const segments = parseUnavailableSegments(rawId, rawSeconds);
    if (!isLocale(locale) || !segments) {
      return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    }
    return unavailableResponse(request, { locale, kind, ...segments });
  };
}

import { NextResponse, type NextRequest } from 'next/server';
import { cleanPageSearch } from '@/lib/discovery/page-query';
import { internalPagePath } from '@/lib/discovery/params';
import { isLocale, LOCALE_COOKIE } from '@/lib/i18n/config';
import { localeCookieValue, localeFromCookieHeader } from '@/lib/i18n/locale-cookie';
import { reviewInternalPath } from '@/lib/share/review-link';
import { wellFormedPath } from '@/lib/utils/well-formed-path';

/**
 * Next 16's request proxy (the former middleware). It only rewrites and redirects: it reads no
 * data, calls no service (no Redis, no database) and keeps no state, so it holds wherever Next
 * runs it, before or behind a CDN. What it does, by request:
 * - a path that is not well formed (a '%' that does not decode): an API path answers 400, a page
 *   redirects (307) to the well-formed path;
 * - a page other than GET or HEAD: 405;
 * - an old card image address (/{locale}/anime/{id}/opengraph-image, a review's opengraph-image or
 *   twitter-image): redirected (308) to the card's route handler (lib/share/card-path.ts), which
 *   checks it and holds the budget of card renders; other metadata images pass through;
 * - a page with parameters it does not read: redirected (308) to the address without them;
 * - every other page: rewritten to /{locale}/… (internalPagePath; a review link to its segments,
 *   reviewInternalPath), the language chosen by the NEXT_LOCALE cookie; a tampered cookie value is
 *   dropped, so the page falls back to the default language (pt).
 *
 * The same URL answers in two languages. Next's render cache is keyed by the rewritten path, so
 * the two never mix here; on a Vercel-style deployment this proxy runs before the edge cache too
 * (README, Deployment); an edge in front of `next start` keys pages by URL and NEXT_LOCALE. What a
 * page of one anime answers when the anime is not found (404) or cannot be had now (503) is
 * decided by the page (components/detail/load-anime.ts).
 */
// Metadata images (opengraph-image, twitter-image under app/[locale]) are linked by their internal path already.
const LOCALISED_METADATA_IMAGE = /^\/(?:pt|en)\/.+\/(?:opengraph|twitter)-image(?:-\w+)?$/;
// Card images were once metadata images of the anime and review pages: pages cached before the
// change still link there.
const OLD_CARD_IMAGE =
  /^\/(pt|en)\/(anime\/[^/]+|review\/[^/]+\/[^/]+\/[^/]+)\/(?:opengraph|twitter)-image(?:-\w+)?$/;
// The review page's internal address exists only as the target of a review link's rewrite.
const INTERNAL_ONLY = /^\/review(?:\/|$)/;

export function proxy(request: NextRequest) {
  // One reading of the language cookie, the edge cache's too (lib/i18n/locale-cookie.ts).
  const cookieHeader = request.headers.get('cookie');
  const value = localeCookieValue(cookieHeader);
  const locale = localeFromCookieHeader(cookieHeader);
  const { pathname, searchParams } = request.nextUrl;
  const fixed = wellFormedPath(pathname);
  if (fixed !== null) {
    if (pathname.startsWith('/api/')) {
      return NextResponse.json(
        { error: { code: 'INVALID_INPUT', message: 'Parâmetros inválidos: path.' } },
        { status: 400, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    // A page: to the well-formed address, which then answers as any unknown path or id does (404).
    const target = ownUrl(request);
    target.pathname = fixed;
    return NextResponse.redirect(target, 307);
  }
  if (pathname.startsWith('/api/')) return NextResponse.next();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // Pages and card images are read, never written (the app has no server actions). TRACE never
    // gets here: Next refuses it before any proxy runs (500); the edge answers it (README).
    return new NextResponse(null, {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' },
    });
  }
  const oldCard = OLD_CARD_IMAGE.exec(pathname);
  if (oldCard) {
    const target = ownUrl(request);
    target.pathname = `/api/card/${oldCard[1]}/${oldCard[2]}`;
    target.search = '';
    return NextResponse.redirect(target, 308);
  }
  if (LOCALISED_METADATA_IMAGE.test(pathname)) return NextResponse.next();
  const cleanSearch = cleanPageSearch(pathname, request.nextUrl.search);
  if (cleanSearch !== null) {
    // Parameters no page reads: to the address without them, so they cost no render of their own.
    const target = ownUrl(request);
    target.search = cleanSearch;
    return NextResponse.redirect(target, 308);
  }
  const withCookieFix = (response: NextResponse) => {
    if (value !== undefined && !isLocale(value)) response.cookies.delete(LOCALE_COOKIE);
    return response;
  };

  const target = ownUrl(request);
  target.pathname = INTERNAL_ONLY.test(pathname)
    ? `/${locale}/not-found${pathname}`
    : (reviewInternalPath(pathname, searchParams, locale) ??
      internalPagePath(pathname, searchParams, locale));
  target.search = '';
  return withCookieFix(NextResponse.rewrite(target));
}

/**
 * This server's own address, for a rewrite or redirect target. Next compares a rewrite's origin
 * with the address the server was started on (`next start -H …`): the same origin is a rewrite,
 * any other is proxied over the network. request.nextUrl names every loopback host 'localhost',
 * which under `-H 127.0.0.1` is another origin (and a connection that never answers), so the
 * target is built from request.url, which next.config.ts keeps as Next received it
 * (skipProxyUrlNormalize).
 */
function ownUrl(request: NextRequest): URL {
  return new URL(request.url);
}

export const config = {
  // Pages only: API routes, Next's own files, metadata images, the web app manifest, the service
  // worker and static assets skip the proxy.
  // API paths come here only when they hold a '%' (one that may not decode: see wellFormedPath).
  matcher: [
    '/api/(.*%.*)',
    '/((?!api|_next/static|_next/image|_next/data|favicon.ico|robots.txt|sitemap.xml|manifest\\.webmanifest$|sw\\.js$|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|avif|woff2?|mp3|wav|txt|xml)$).*)',
  ],
};

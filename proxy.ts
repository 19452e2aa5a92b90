import { NextResponse, type NextRequest } from 'next/server';
import { internalPagePath } from '@/lib/discovery/params';
import { defaultLocale, isLocale, LOCALE_COOKIE } from '@/lib/i18n/config';
import { wellFormedPath } from '@/lib/utils/well-formed-path';

/**
 * Next 16's request proxy (the former middleware). Page URLs carry no locale (SPEC §2 routes): the
 * NEXT_LOCALE cookie chooses the language, and each request is rewritten internally to
 * /{locale}/… (see internalPagePath), where pages are rendered once per language and cached.
 * A tampered cookie value is dropped, so the page falls back to the default language (pt).
 *
 * The same URL answers in two languages. Next's render cache is keyed by the rewritten path, so
 * the two never mix here; on a Vercel-style deployment this proxy runs before the edge cache too
 * (README, Deployment). Next sets the page's Vary header itself, so `Vary: Cookie` cannot be added.
 */
// Metadata images (opengraph-image under app/[locale]) are linked by their internal path already.
const LOCALISED_METADATA_IMAGE = /^\/(?:pt|en)\/.+\/opengraph-image(?:-\w+)?$/;

export function proxy(request: NextRequest) {
  const value = request.cookies.get(LOCALE_COOKIE)?.value;
  const locale = isLocale(value) ? value : defaultLocale;
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
    const target = request.nextUrl.clone();
    target.pathname = fixed;
    return NextResponse.redirect(target, 307);
  }
  if (pathname.startsWith('/api/')) return NextResponse.next();
  if (LOCALISED_METADATA_IMAGE.test(pathname)) return NextResponse.next();
  // A clone of nextUrl keeps Next's own idea of this server's address: a URL built from
  // request.url may name another host (localhost for 127.0.0.1) and would be proxied, not rewritten.
  const target = request.nextUrl.clone();
  target.pathname = internalPagePath(pathname, searchParams, locale);
  target.search = '';

  const response = NextResponse.rewrite(target);
  if (value !== undefined && !isLocale(value)) response.cookies.delete(LOCALE_COOKIE);
  return response;
}

export const config = {
  // Pages only: API routes, Next's own files, metadata images and static assets skip the proxy.
  // API paths come here only when they hold a '%' (one that may not decode: see wellFormedPath).
  matcher: [
    '/api/(.*%.*)',
    '/((?!api|_next/static|_next/image|_next/data|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|avif|woff2?|mp3|wav|txt|xml)$).*)',
  ],
};
